#pragma once

#include <string>

#include "daemon/report/suite_report.hpp"

namespace trexsearch::report {

/// Throughput [pps per direction] against frame size, one line per series and
/// goal, with the port's line rate for each frame size drawn dashed: where a line
/// meets it, the link, not the SUT, set the limit. "" when no entry has a frame
/// size and a value.
std::string suite_pps_chart(const SuiteReportData& data);

/// The same values in Gbit/s at layer 1 with the port speed; "" without port speeds.
std::string suite_gbps_chart(const SuiteReportData& data);

}  // namespace trexsearch::report
