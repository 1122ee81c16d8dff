#pragma once

#include <json/value.h>

#include <string>

#include "daemon/report/fixed_load_report.hpp"

namespace trexsearch::report {

/// Decodes `result`'s document of an MRR or soak job. A running job's partial one
/// (show's `fixed_load` with its `trials`) works too: a trial without
/// `receive_rate` gets it from its counts. Throws ConfigError naming `path`.
FixedLoadReportData decode_fixed_load_result(const Json::Value& json, const std::string& path,
                                             const std::string& method);

}  // namespace trexsearch::report
