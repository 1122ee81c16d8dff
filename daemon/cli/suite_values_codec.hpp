#pragma once

#include "daemon/protocol/document.hpp"
#include "daemon/report/suite_report.hpp"

namespace trexsearch::cli {

/// A `show_suite` reply's arguments -> the suite as `show SUITE` and the suite
/// report present it: each entry's values read as `compare` reads a job's (through
/// the protocol's ResultReply, job_result_codec.hpp), the frame size and port speed
/// from its line rate. No I/O.
report::SuiteReportData suite_values(const protocol::Document& reply);

}  // namespace trexsearch::cli
