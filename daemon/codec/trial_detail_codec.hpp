#pragma once

#include <json/value.h>

#include <optional>
#include <string>
#include <vector>

#include "measure/direction_counts.hpp"
#include "measure/trial_note.hpp"
#include "measure/trial_result.hpp"

namespace trexsearch::codec {

class ObjectReader;

/// DirectionCounts -> `{"direction": "0->1", "intended", "offered", "received",
/// "loss", "unsent", "loss_ratio"}` (loss, unsent and loss_ratio derived, for readers).
Json::Value encode_direction(const measure::DirectionCounts& direction);
/// The inverse; derived keys are accepted and ignored. Throws ConfigError naming `path`.
measure::DirectionCounts decode_direction(const Json::Value& json, const std::string& path);

/// Notes -> `["key: detail", ...]`, one string each (docs/trials.md "Notes").
Json::Value encode_notes(const std::vector<measure::TrialNote>& notes);
/// The notes in `object[key]`, an array of strings (none when absent or null), each
/// read with TrialNote::parse; throws ConfigError naming `path`.
std::vector<measure::TrialNote> optional_notes(const Json::Value& object, const char* key,
                                               const std::string& path);

/// What a trial carries beyond its totals (docs/trials.md): `{"directions": [...],
/// "tester_limited_pps": N (only when tester-limited), "counters": "flow_stats" |
/// "port" (only when the measurer said), "latency": [...] (only for latency trials:
/// each direction's latency stream, codec/latency_codec.hpp, without histograms)}`.
Json::Value encode_trial_detail(const measure::TrialOutcome& outcome);
/// Same from a TrialResult (what reports and replies show).
Json::Value encode_trial_detail(const measure::TrialResult& trial);
/// Reads those keys (each optional) into `outcome`; throws ConfigError naming `path`.
void decode_trial_detail(const Json::Value& json, measure::TrialOutcome& outcome,
                         const std::string& path);

/// A trial's frame counts, as stored trials and exec measurers give them:
/// `offered_count` and `loss_count` (both required; loss may be negative, a SUT that
/// duplicated frames) and `intended_count` (optional); none of the others negative and
/// no more lost than offered. Throws ConfigError naming the key.
void read_frame_counts(ObjectReader& reader, measure::TrialOutcome& outcome);

/// `effective_duration` (optional, seconds): when given, positive.
std::optional<measure::Seconds> read_effective_duration(ObjectReader& reader);

}  // namespace trexsearch::codec
