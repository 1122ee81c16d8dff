#pragma once

#include <json/value.h>

#include <string>

#include "daemon/report/suite_report.hpp"

namespace trexsearch::cli {

/// A `show_suite` reply's arguments -> the suite as `show SUITE` and the suite
/// report present it: each entry's values read as `compare` reads a job's (through
/// the protocol's ResultReply, job_result_codec.hpp), the frame size and port speed
/// from its line rate. No I/O.
report::SuiteReportData suite_values(const Json::Value& reply);

/// `show SUITE`'s text from the reply (format_suite_data on suite_values), for
/// `show`, which prints replies from their arguments.
std::string format_suite(const Json::Value& reply);

}  // namespace trexsearch::cli
