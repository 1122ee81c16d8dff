#pragma once

#include <string>

#include "daemon/protocol/replies/result_document.hpp"
#include "daemon/report/fixed_load_report.hpp"

namespace trexsearch::report {

/// An MRR or soak result as the protocol reads it (`result`'s FixedLoadView, or a
/// running job's: show's `fixed_load` with show's trials) for the report. A trial
/// without its rates (show's trials) gets them from its counts. Latency-phase trials
/// are left out: the report is about the main trials' receive rate.
FixedLoadReportData fixed_load_report_of(const protocol::FixedLoadView& view,
                                         const std::string& method);

}  // namespace trexsearch::report
