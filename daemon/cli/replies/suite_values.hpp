#pragma once

#include <string>

#include "daemon/protocol/replies/suite_replies.hpp"
#include "daemon/protocol/requests.hpp"
#include "daemon/report/suite_report.hpp"

namespace trexsearch::cli {

/// A `show_suite` reply -> the suite as `show SUITE` and the suite report present
/// it: each entry's values read as `compare` reads a job's (job_values.hpp), the
/// frame size and port speed from its line rate. No I/O.
report::SuiteReportData suite_values(const protocol::ShowSuiteReply& reply);

/// `show SUITE`'s text: one line per entry and value, within 80 columns.
std::string format_suite_data(const report::SuiteReportData& data);

/// The suite argument of `show`/`report` ({"suite": id or name}) when `text` is
/// not a job id: "suite:N" is suite N, a text starting with a letter a suite name
/// (the newest of that name). Throws UsageError otherwise.
protocol::SuiteRef suite_ref(const std::string& text);

/// Whether `text` names a suite rather than a job (it is not all digits).
bool names_suite(const std::string& text);

}  // namespace trexsearch::cli
