#pragma once

#include <json/value.h>

#include "plr/soak_search.hpp"
#include "plr/tester_limit.hpp"

namespace trexsearch::codec {

/// PlrEstimate -> `{"average", "stdev", "lower", "upper", "relative_stdev",
/// "log_center", "log_stdev"}` [pps except the log and relative values].
Json::Value encode_plr_estimate(const plr::PlrEstimate& estimate);

/// PlrTrial -> `{"number", "load", "intended_duration", "effective_duration",
/// "offered_count", "loss_count", "intended_count", "loss_ratio", "notes",
/// "started_at", "finished_at", "lossy", "estimate" (null when none),
/// "fits": {"stretch": {...}, "erf": {...}}}`.
Json::Value encode_plr_trial(const plr::PlrTrial& trial);

/// Trend -> `{"slope_per_hour", "slope_stderr_per_hour", "significant",
/// "points", "window_start", "window_end", ...}`.
Json::Value encode_trend(const plr::Trend& trend);

/// PlrTesterLimit -> `{"trials", "reached_pps" (null: none), "trials_near_estimate",
/// "estimate_upper_end" (average + 2 stdev [pps]; null: no estimate),
/// "trials_below_sut_loss", "lowest_sut_lossy_load" ([pps]; null: the SUT never lost)}`.
Json::Value encode_plr_tester_limit(const plr::PlrTesterLimit& limit);

/// PlrResult -> `{"trials": [...], "totals": {"trial_count",
/// "effective_duration_sum", "run_duration"}, "estimate", "trend",
/// "tester_limited" (PlrTesterLimit::limited()),
/// "tester_limit", "stop_reason", "stop_detail", "latency_trend" (only when trials
/// carried latency: latency::latency_trend, codec/latency_codec.hpp)}`.
Json::Value encode_plr_result(const plr::PlrResult& result);

}  // namespace trexsearch::codec
