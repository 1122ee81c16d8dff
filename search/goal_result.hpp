#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/load_classification.hpp"
#include "search/search_goal.hpp"
#include "search/tester_limit.hpp"

namespace trexsearch::mlr {

/// Why a goal result is irregular (draft-06 "Goal Result"; draft-15 requires the
/// manager to tell regular and irregular results apart).
enum class Irregularity {
  none,                     ///< regular: both bounds, no wider than the goal width
  max_load_is_lower_bound,  ///< no upper bound: max load passed (RLB = max load)
  no_upper_bound,           ///< no load classified as an upper bound
  min_load_is_upper_bound,  ///< no lower bound: min load failed (RUB = min load)
  no_lower_bound,           ///< no load below the RUB classified as a lower bound
  too_wide,                 ///< both bounds, but further apart than the goal width
  search_time_exceeded,     ///< search_duration_max ran out before the goal was reached
  stopped_by_fail_fast,     ///< another goal's min load failed and the search stopped
  cancelled,                ///< the search was cancelled
  measurer_failed,          ///< a trial failed and the search could not go on
};

/// Stable snake_case name, used in JSON output.
std::string_view to_string(Irregularity irregularity);

/// One measured load as seen by one goal.
struct LoadAnalysis {
  double load_pps = 0.0;
  LoadClass classification = LoadClass::undecided;
  DurationSums sums;
  std::size_t trial_count = 0;
};

/// The result for one goal (draft-06 "Goal Result").
struct GoalResult {
  SearchGoal goal;
  /// goal.name, or "goal N" when unnamed.
  std::string label;
  std::optional<double> relevant_lower_bound_pps;
  std::optional<double> relevant_upper_bound_pps;
  /// draft-06 Appendix B at the relevant lower bound; absent without one.
  std::optional<double> conditional_throughput_pps;
  Irregularity irregularity = Irregularity::none;
  /// Human-readable reason; empty when regular.
  std::string irregular_reason;
  /// Every measured load in increasing order, classified for this goal.
  std::vector<LoadAnalysis> loads;
  /// Present when tester-limited trials made the relevant upper bound: the bound
  /// then describes the tester, not the SUT, and the result is not a clean one.
  std::optional<TesterLimit> tester_limit;

  bool regular() const { return irregularity == Irregularity::none; }
  /// Regular and not tester-limited: a number a user can quote as the SUT's.
  bool clean() const { return regular() && !tester_limit; }
};

}  // namespace trexsearch::mlr
