#include "search/trial_analysis.hpp"

#include <string>

#include "measure/errors.hpp"
#include "search/trial_database.hpp"

namespace trexsearch::mlr {
namespace {

ClassificationTarget final_target(const SearchGoal& goal) {
  return {goal.loss_ratio, goal.exceed_ratio, goal.final_trial_duration, goal.duration_sum,
          goal.loss_scope};
}

std::string with_unit(double load, std::string_view unit) {
  return measure::format_value(load) + " " + std::string(unit);
}

/// draft-06 "Goal Result": regular needs both bounds no further apart than the
/// goal width; anything else is irregular, and we say which way.
void judge_regularity(GoalResult& result, const std::optional<LoadLimits>& limits,
                      std::string_view unit) {
  const auto pps = [unit](double load) { return with_unit(load, unit); };
  const auto& lower = result.relevant_lower_bound_pps;
  const auto& upper = result.relevant_upper_bound_pps;
  if (lower && upper) {
    const double width = (*upper - *lower) / *upper;
    if (width <= result.goal.relative_width) return;
    result.irregularity = Irregularity::too_wide;
    result.irregular_reason = "relevant bounds " + pps(*lower) + " and " + pps(*upper) + " are " +
                              measure::format_value(width) +
                              " apart (relative), wider than the goal width " +
                              measure::format_value(result.goal.relative_width);
    return;
  }
  if (!upper) {
    if (lower && limits && *lower == limits->max_load_pps) {
      result.irregularity = Irregularity::max_load_is_lower_bound;
      result.irregular_reason =
          "no upper bound: max load " + pps(*lower) + " is a lower bound, the SUT may forward more";
    } else {
      result.irregularity = Irregularity::no_upper_bound;
      result.irregular_reason = lower
                                    ? "no load is classified as an upper bound"
                                    : "no load is classified as an upper bound or as a lower bound";
    }
    return;
  }
  if (limits && *upper == limits->min_load_pps) {
    result.irregularity = Irregularity::min_load_is_upper_bound;
    result.irregular_reason =
        "no lower bound: min load " + pps(*upper) + " is an upper bound, the SUT fails even there";
  } else {
    result.irregularity = Irregularity::no_lower_bound;
    result.irregular_reason =
        "no load below the relevant upper bound " + pps(*upper) + " is classified as a lower bound";
  }
}

}  // namespace

std::vector<GoalResult> analyze_trials(const std::vector<SearchGoal>& goals,
                                       std::span<const measure::TrialResult> trials,
                                       std::optional<LoadLimits> limits,
                                       std::string_view load_unit) {
  std::vector<ClassificationTarget> targets;
  targets.reserve(goals.size());
  for (const SearchGoal& goal : goals) targets.push_back(final_target(goal));
  TrialDatabase database(std::move(targets));
  for (const measure::TrialResult& trial : trials) database.add(trial);

  std::vector<GoalResult> results;
  results.reserve(goals.size());
  for (std::size_t index = 0; index < goals.size(); ++index) {
    GoalResult result;
    result.goal = goals[index];
    result.label = goals[index].label(index);
    for (const auto& [load, entry] : database.loads()) {
      const TargetTally& tally = entry.tallies[index];
      result.loads.push_back({load, tally.classification(), tally.sums(), entry.trial_count});
    }
    const RelevantBounds bounds = database.relevant_bounds(index);
    result.relevant_lower_bound_pps = bounds.lower_pps;
    result.relevant_upper_bound_pps = bounds.upper_pps;
    if (bounds.lower_pps) {
      // draft-06 Appendix B at the relevant lower bound.
      const double quantile = database.tally(*bounds.lower_pps, index).quantile_loss_ratio();
      result.conditional_throughput_pps = *bounds.lower_pps * (1.0 - quantile);
    }
    if (bounds.upper_pps) result.tester_limit = tester_limit_at(trials, *bounds.upper_pps);
    judge_regularity(result, limits, load_unit);
    results.push_back(std::move(result));
  }
  return results;
}

}  // namespace trexsearch::mlr
