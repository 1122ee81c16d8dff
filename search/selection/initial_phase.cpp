#include "search/selection/initial_phase.hpp"

#include <algorithm>
#include <optional>

namespace trexsearch::mlr {
namespace {

/// Forwarding rate corrected so that a trial there would lose about the goal
/// loss ratio, rounded down onto the grid.
GridIndex corrected_rate(const LoadGrid& grid, const measure::TrialResult& result,
                         double loss_ratio) {
  // Multiplying by the reciprocal, as the reference does, keeps loads identical.
  return grid.index_at_or_below(result.forwarding_rate_pps() * (1.0 / (1.0 - loss_ratio)));
}

}  // namespace

InitialLoads run_initial_phase(const TargetChains& chains, const LoadGrid& grid,
                               const LimitHandler& handler, const TrialRunner& run_trial) {
  std::optional<double> ratio;
  measure::Seconds duration{0.0};
  GridIndex width = 0;
  for (const TargetSpec& target : chains.targets) {
    if (target.preceding) continue;  // only each goal's coarsest target
    ratio = std::min(ratio.value_or(target.classification.loss_ratio),
                     target.classification.loss_ratio);
    duration = std::max(duration, target.classification.trial_duration);
    width = std::max(width, target.width_steps);
  }
  const double loss_ratio = ratio.value_or(0.0);
  const GridIndex max_index = grid.max_index();

  const measure::TrialResult first = run_trial(duration, max_index);
  const GridIndex corrected = corrected_rate(grid, first, loss_ratio);
  if (corrected >= max_index) return {max_index, max_index};  // small loss at max load

  const GridIndex mrr = *handler.handle(corrected, width, GridBounds{std::nullopt, max_index});
  const measure::TrialResult second = run_trial(duration, mrr);
  std::optional<GridIndex> mrr2;
  if (second.loss_ratio() > loss_ratio) {
    mrr2 = handler.handle(corrected_rate(grid, second, loss_ratio), width,
                          GridBounds{std::nullopt, mrr});
  } else {
    // Both excluded, as in the reference: max load was measured already.
    mrr2 = handler.handle(mrr + width, width, GridBounds{mrr, max_index});
  }
  if (!mrr2) return {mrr, mrr};  // close enough already
  run_trial(duration, *mrr2);
  return {std::min(mrr, *mrr2), std::max(mrr, *mrr2)};
}

}  // namespace trexsearch::mlr
