#pragma once

#include <string>

#include "daemon/cli/suite_values_codec.hpp"
#include "daemon/protocol/requests.hpp"
#include "daemon/report/suite_report.hpp"

namespace trexsearch::cli {

/// `show SUITE`'s text: one line per entry and value, within 80 columns.
std::string format_suite_data(const report::SuiteReportData& data);

/// The suite argument of `show`/`report` ({"suite": id or name}) when `text` is
/// not a job id: "suite:N" is suite N, a text starting with a letter a suite name
/// (the newest of that name). Throws UsageError otherwise.
protocol::SuiteRef suite_ref(const std::string& text);

/// Whether `text` names a suite rather than a job (it is not all digits).
bool names_suite(const std::string& text);

}  // namespace trexsearch::cli
