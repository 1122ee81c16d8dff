#pragma once

#include <json/value.h>

#include <string>
#include <vector>

#include "daemon/protocol/replies/trial_record.hpp"
#include "search/goal_result.hpp"
#include "search/search_result.hpp"

namespace trexsearch::protocol {

/// An MLRsearch result in the `result` shape (`{"trials", "totals", "stop_reason",
/// "stop_detail", "goals"}`) as the domain's SearchResult, trials rebuilt from their
/// counts (for reports and the per-direction sums). `analyze`'s reply (goals only)
/// plus `show`'s trials decode too: missing stop fields mean the search is still
/// running. Throws ConfigError naming the field path and value.
mlr::SearchResult decode_mlr_result(const Json::Value& result, const std::string& path);

/// One goal result (codec::encode_goal_result's shape, `loads` included), as the
/// domain's GoalResult. Throws ConfigError naming the field path and value.
mlr::GoalResult decode_goal_result(const Json::Value& json, const std::string& path);

/// A search still running as a client reads it: `show`'s trials with the bounds
/// `analyze` gives them, the SearchResult decode_mlr_result makes of the same (no stop
/// reason: "still running"; the duration up to the last trial's end).
mlr::SearchResult running_mlr_result(const std::vector<TrialRecord>& trials,
                                     std::vector<mlr::GoalResult> goals);

}  // namespace trexsearch::protocol
