#pragma once

#include <json/value.h>

#include <vector>

#include "search/goal_result.hpp"

namespace trexsearch::codec {

/// GoalResult -> `{"name", "goal", "relevant_lower_bound", "relevant_upper_bound",
/// "conditional_throughput", "regular", "irregular_reason"?, "irregular_detail"?,
/// "loads": [...]}`; loads in frames/s per direction, absent values as null,
/// duration sums in seconds.
Json::Value encode_goal_result(const mlr::GoalResult& result);

/// One entry per goal, in goal order (the `analyze` output).
Json::Value encode_goal_results(const std::vector<mlr::GoalResult>& results);

}  // namespace trexsearch::codec
