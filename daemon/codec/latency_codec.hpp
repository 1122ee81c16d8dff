#pragma once

#include <json/value.h>

#include <string>
#include <vector>

#include "daemon/latency/latency_point.hpp"
#include "daemon/latency/latency_trend.hpp"
#include "measure/direction_latency.hpp"

namespace trexsearch::codec {

/// Whether a latency object carries the histograms: the store keeps them (so
/// percentiles can be recomputed), replies and results leave them out (a soak has
/// thousands of trials).
enum class LatencyHistograms { keep, leave_out };

/// DirectionLatency -> `{"direction", "pg_id", "rate_pps", "sent", "received", "lost",
/// "errors": {"dropped", "out_of_order", "duplicate", "seq_too_high", "seq_too_low"},
/// "samples", "min_us", "mean_us", "max_us", "jitter_us", "p50_us", "p90_us",
/// "p99_us", "p999_us", "method", "resolution_us"}` (docs/latency.md); absent values
/// are null. Microseconds are integers; `mean_us` too except with `keep`, which also
/// adds `"hdrh"` (when any) and `"buckets": [[lower edge us, samples], ...]`.
Json::Value encode_direction_latency(const measure::DirectionLatency& latency,
                                     LatencyHistograms histograms);
/// The inverse (derived `lost` ignored, histograms optional). Throws ConfigError
/// naming `path`.
measure::DirectionLatency decode_direction_latency(const Json::Value& json,
                                                   const std::string& path);

Json::Value encode_latency_list(const std::vector<measure::DirectionLatency>& latency,
                                LatencyHistograms histograms);
std::vector<measure::DirectionLatency> decode_latency_list(const Json::Value& json,
                                                           const std::string& path);

/// LatencyPoint -> `{"goal", "fraction", "load_pps", "duration", "trial", "loss_ratio",
/// "directions": [...], "notes": [...]}` (directions without histograms).
Json::Value encode_latency_point(const latency::LatencyPoint& point);
latency::LatencyPoint decode_latency_point(const Json::Value& json, const std::string& path);

/// Adds the phase to an MLR result object: `"latency": [points]`, `"latency_notes": [...]`.
void encode_latency_phase(const latency::LatencyPhaseResult& phase, Json::Value& result);
/// Reads them back from a result (both optional: results from before latency).
latency::LatencyPhaseResult decode_latency_phase(const Json::Value& result,
                                                 const std::string& path);

/// LatencyTrend -> `{"percentile": "p99", "flagged", "directions": [{"direction",
/// "points", "judged", "flagged", "first_quarter_us", "last_quarter_us", "growth_us",
/// "noise_us", "threshold_us", "slope_us_per_hour"}]}`.
Json::Value encode_latency_trend(const latency::LatencyTrend& trend);
latency::LatencyTrend decode_latency_trend(const Json::Value& json, const std::string& path);

}  // namespace trexsearch::codec
