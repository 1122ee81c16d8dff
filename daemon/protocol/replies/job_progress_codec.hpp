#pragma once

#include <json/value.h>

#include <string>
#include <vector>

#include "daemon/protocol/replies/job_progress.hpp"

namespace trexsearch::protocol {

/// JobProgress <-> `{"trial_count", "last_trial": {"number", "phase", "load",
/// "intended_duration", "effective_duration", "loss_ratio", "started_at", ...the
/// trial's remarks} | null, "goals": [...], "estimate"?, "search_time_limit"?}`.
/// Decoding passes over unknown keys and throws ConfigError naming `path.key`.
Json::Value encode_job_progress(const JobProgress& progress);
JobProgress decode_job_progress(const Json::Value& json, const std::string& path);

/// The goals of a progress or a `trial` event: `[{"label", "lower_bound",
/// "upper_bound", "target_depth", "done"}]`, loads null when not known yet.
Json::Value encode_goal_progress(const std::vector<GoalProgress>& goals);
std::vector<GoalProgress> decode_goal_progress(const Json::Value& json, const std::string& path);

}  // namespace trexsearch::protocol
