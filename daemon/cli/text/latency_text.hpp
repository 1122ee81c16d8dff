#pragma once

#include <optional>
#include <string>

#include "daemon/latency/latency_point.hpp"
#include "daemon/latency/latency_trend.hpp"
#include "measure/direction_latency.hpp"

namespace trexsearch::cli {

// Latency for people (docs/latency.md), from what `result`, `show` and `watch`
// carry: integer microseconds as TRex resolves them, "-" where a value is absent.

/// "0->1: P50 12, P90 18, P99 24, P99.9 36, max 48 us (hdrh)" for one direction of a
/// trial's latency; with the latency frames lost when any were.
std::string latency_direction_line(const measure::DirectionLatency& direction);

/// An MLR result's latency phase as a table per goal, fraction and direction, then
/// the notes; "" without a latency phase.
std::string format_latency_phase(const latency::LatencyPhaseResult& phase);

/// A soak's latency trend as one line per direction, flagged ones loud; "" without.
std::string format_latency_trend(const std::optional<latency::LatencyTrend>& trend);

}  // namespace trexsearch::cli
