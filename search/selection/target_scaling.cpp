#include "search/selection/target_scaling.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::mlr {

TargetChains build_target_chains(const std::vector<SearchGoal>& goals, const LoadGrid& grid) {
  TargetChains chains;
  for (const SearchGoal& goal : goals) {
    // Built from the final target backwards, stored coarsest first.
    std::vector<TargetSpec> chain;
    TargetSpec final_target;
    final_target.classification = {goal.loss_ratio, goal.exceed_ratio, goal.final_trial_duration,
                                   goal.duration_sum, goal.loss_scope};
    final_target.width_steps = grid.width_steps(goal.relative_width);
    final_target.expansion_coefficient = goal.expansion_coefficient;
    final_target.fail_fast = goal.fail_fast;
    chain.push_back(final_target);

    const int count = goal.preceding_targets;
    const double sum = goal.duration_sum.count();
    const double multiplier =
        count > 0 ? std::pow(goal.initial_trial_duration.count() / sum, 1.0 / count) : 1.0;
    GridIndex width = final_target.width_steps;
    for (int depth = 1; depth <= count; ++depth) {
      double preceding_sum = sum * std::pow(multiplier, depth);
      if (depth == count) preceding_sum = goal.initial_trial_duration.count();
      width *= 2;
      TargetSpec target;
      target.classification = {
          goal.loss_ratio, goal.exceed_ratio,
          measure::Seconds{std::min(goal.final_trial_duration.count(), preceding_sum)},
          measure::Seconds{preceding_sum}, goal.loss_scope};
      target.width_steps = width;
      target.expansion_coefficient = goal.expansion_coefficient;
      target.fail_fast = false;
      target.depth = depth;
      chain.push_back(target);
    }

    const std::size_t base = chains.targets.size();
    for (std::size_t i = 0; i < chain.size(); ++i) {
      TargetSpec target = chain[chain.size() - 1 - i];
      if (i > 0) target.preceding = base + i - 1;
      chains.targets.push_back(target);
    }
    chains.final_target.push_back(chains.targets.size() - 1);
  }
  return chains;
}

}  // namespace trexsearch::mlr
