#pragma once

#include <string>

#include "daemon/latency/latency_point.hpp"
#include "daemon/report/plr_report.hpp"

namespace trexsearch::report {

// The latency parts of the HTML reports (docs/latency.md). Every latency number is
// integer microseconds, as TRex resolves them.

/// MLR: latency against load (P50, P99 and max per direction, one series each, per
/// goal) and a table per goal, fraction and direction (P50/P90/P99/P99.9/max, the
/// percentile method, the latency streams' own loss), with the phase's notes; ""
/// when the result has no latency phase.
std::string mlr_latency_section(const latency::LatencyPhaseResult& phase);

/// PLR: P50 and P99 per direction over the soak, the trend verdict per direction,
/// and a table of each direction's latency over the soak (first, median and last
/// trial); "" when no trial recorded latency.
std::string plr_latency_section(const PlrReportData& data);

}  // namespace trexsearch::report
