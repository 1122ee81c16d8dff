#pragma once

#include <string>

#include "daemon/report/mlr_report.hpp"

namespace trexsearch::report {

// Sections both reports share.

/// The title, then (when given) the warning that must come before anything else.
std::string report_title(const ReportContext& context, const std::string& warning_html);

/// "About this run": the context's facts, what loads mean, how the effective
/// duration was computed and the deviations from RFC 2544 (draft-06 requires
/// both); `extra_rows_html` are further rows.
std::string about_section(const ReportContext& context, const std::string& extra_rows_html);

/// The job's hooks section (context.hooks_html), then the raw config, collapsed
/// (<details>), each item in a <pre>; "" without either.
std::string raw_section(const ReportContext& context);

/// A table row: a header cell and an escaped value (`numeric`: right-aligned).
std::string fact_html_row(const std::string& name, const std::string& value, bool numeric = false);

}  // namespace trexsearch::report
