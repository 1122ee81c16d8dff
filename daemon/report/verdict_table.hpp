#pragma once

#include <string>

#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"

namespace trexsearch::report {

// The verdict: what a reader needs first, in one table, before any plot. Every
// number is rounded to what it supports (display_number.hpp); whether the tester,
// not the SUT, was the limit, which counters were used and how many trials carry
// notes are said here too, so no caveat hides further down.

/// MLRsearch: per goal its conditional throughput (with % of line rate and L1
/// Gbit/s when the profile and port speed are known), regular/irregular/
/// TESTER-LIMITED, loss ratio, relevant lower and upper bound; then trials, time,
/// how the search ended, counters and notes.
std::string mlr_verdict(const ReportContext& context, const mlr::SearchResult& result);

/// PLRsearch: the critical-load estimate +- stdev, the target loss ratio, the
/// tester limit, the trend, trials, counters and notes.
std::string plr_verdict(const ReportContext& context, const PlrReportData& data);

}  // namespace trexsearch::report
