#pragma once

#include <json/value.h>

#include <string>
#include <vector>

#include "daemon/protocol/replies/trial_record.hpp"
#include "measure/direction_latency.hpp"
#include "plr/estimate.hpp"

namespace trexsearch::protocol {

/// TrialRecord -> `{"number", "phase"?, "load", "intended_duration",
/// "effective_duration", "offered_count", "loss_count", "intended_count",
/// "loss_ratio", "measured_loss_ratio", "notes", "directions",
/// "tester_limited_pps"?, "counters"?, "latency"?, "started_at"?, "recorded_at"?,
/// "estimate"?}`: absent optionals of the counts and durations as null, the
/// others left out (the shape of `show`'s stored trials, docs/socket-api.md).
Json::Value encode_trial_record(const TrialRecord& trial);

/// The inverse, for `show`'s trials and those of a `result` document of any
/// method and age: `number`, `load`, `intended_duration` and `loss_ratio` are
/// required, everything else may be absent or null; unknown keys (a PLR trial's
/// `fits`, a soak trial's `receive_rate`) are passed over. Throws ConfigError
/// naming `path.key`.
TrialRecord decode_trial_record(const Json::Value& json, const std::string& path);

/// Every trial of a `trials` array; an absent or null array is no trials.
std::vector<TrialRecord> decode_trial_records(const Json::Value& json, const std::string& path);

/// What a trial says beyond its counts, in the keys the trial records and the
/// `trial` event share: `measured_loss_ratio` (null when not known), `notes`, `directions`,
/// `tester_limited_pps`?, `counters`?, `latency`?.
void encode_trial_remarks(const TrialRecord& trial, Json::Value& json);
void decode_trial_remarks(const Json::Value& json, const std::string& path, TrialRecord& trial);

/// PlrEstimate <-> `{"average", "stdev", "lower", "upper", "relative_stdev",
/// "log_center", "log_stdev"}` (relative_stdev derived, read past).
Json::Value encode_estimate(const plr::PlrEstimate& estimate);
plr::PlrEstimate decode_estimate(const Json::Value& json, const std::string& path);

}  // namespace trexsearch::protocol
