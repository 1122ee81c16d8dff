#pragma once

#include "daemon/protocol/replies/result_document.hpp"
#include "daemon/report/plr_report.hpp"

namespace trexsearch::report {

/// A PLRsearch result as the protocol reads it (`result`'s PlrResultView, or a running
/// soak's: show's trials and tester limit) for the report. A trial without its end time
/// (show's) ends at its start plus its duration; a result without a run duration lasts
/// until its last trial's end.
PlrReportData plr_report_of(const protocol::PlrResultView& view);

}  // namespace trexsearch::report
