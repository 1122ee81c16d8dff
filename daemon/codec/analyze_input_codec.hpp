#pragma once

#include <json/value.h>

#include <optional>
#include <vector>

#include "measure/trial_result.hpp"
#include "search/search_goal.hpp"
#include "search/trial_analysis.hpp"

namespace trexsearch::codec {

/// What `trex-search analyze` works on: goals to apply to recorded trials.
struct AnalyzeInput {
  std::vector<mlr::SearchGoal> goals;
  std::vector<measure::TrialResult> trials;
  /// The search's min/max load when given, so results can say "max load is a lower bound".
  std::optional<mlr::LoadLimits> limits;
};

/// `{"goals": [...], "trials": [...], "min_load"?, "max_load"?}` -> AnalyzeInput.
/// Goals must be non-empty; trials may be empty. Errors are ConfigErrors naming the
/// JSON path.
AnalyzeInput decode_analyze_input(const Json::Value& json);

/// AnalyzeInput -> the same JSON shape.
Json::Value encode_analyze_input(const AnalyzeInput& input);

}  // namespace trexsearch::codec
