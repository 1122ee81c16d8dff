#pragma once

#include <json/value.h>

#include <string>

#include "measure/trial_result.hpp"

namespace trexsearch::codec {

/// A recorded trial -> TrialResult. Keys: `load` [frames/s per direction],
/// `intended_duration` [s], optional `effective_duration` [s] (default: intended),
/// and either `loss_ratio` or `offered_count` + `loss_count` (+ optional
/// `intended_count`). Errors are ConfigErrors naming the JSON path.
measure::TrialResult decode_trial_input(const Json::Value& json, const std::string& path);

/// TrialResult -> the same shape (counts when the trial has them, else loss_ratio).
Json::Value encode_trial_input(const measure::TrialResult& trial);

}  // namespace trexsearch::codec
