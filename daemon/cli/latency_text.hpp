#pragma once

#include <json/value.h>

#include <string>

namespace trexsearch::cli {

// Latency for people (docs/latency.md), from the JSON of `result`, `show` and
// `watch`: integer microseconds as TRex resolves them, "-" where a value is absent.

/// "0->1: P50 12, P90 18, P99 24, P99.9 36, max 48 us (hdrh)" for one direction of a
/// trial's "latency" list; with the latency frames lost when any were.
std::string latency_direction_line(const Json::Value& direction);

/// An MLR result's latency phase (`"latency"`, `"latency_notes"`) as a table per goal,
/// fraction and direction, then the notes; "" without a latency phase.
std::string format_latency_phase(const Json::Value& search);

/// A soak's `"latency_trend"` as one line per direction, flagged ones loud; "" without.
std::string format_latency_trend(const Json::Value& search);

}  // namespace trexsearch::cli
