#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "measure/trial_result.hpp"
#include "search/goal_result.hpp"
#include "search/search_goal.hpp"

namespace trexsearch::mlr {

/// The controller's load limits, when known, so that results can say
/// "max load is a lower bound" rather than just "no upper bound".
struct LoadLimits {
  double min_load_pps = 0.0;
  double max_load_pps = 0.0;
};

/// Classifies every measured load for every goal (draft-06 Appendix A), finds the
/// relevant bounds and the conditional throughput (Appendix B), and says whether
/// each result is regular. Trials at equal intended loads are pooled; every trial
/// counts for every goal. Results are in goal order. `load_unit` names the loads in
/// the irregularity texts ("pps"; "cps" for connection rates).
std::vector<GoalResult> analyze_trials(const std::vector<SearchGoal>& goals,
                                       std::span<const measure::TrialResult> trials,
                                       std::optional<LoadLimits> limits = std::nullopt,
                                       std::string_view load_unit = "pps");

}  // namespace trexsearch::mlr
