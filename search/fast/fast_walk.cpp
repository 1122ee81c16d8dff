// fast's walk on the final target of NDR/PDR-type goals (FastSelection::place_walk):
// the oracle floor's walk with an estimate (docs/benchmarks-mlrsearch.md "Issue #31
// item 4", change 3).
#include <algorithm>

#include "search/fast/critical_estimate.hpp"
#include "search/fast/fast_selection.hpp"
#include "search/fast/grid_steps.hpp"

namespace trexsearch::mlr {
namespace {

// A load clamped onto a bound: the load between the bounds, or next to the one
// there is.
GridIndex into_bounds(GridIndex load, const GridBounds& bounds, GridIndex max_index) {
  if (inside(load, bounds)) return load;
  if (bounds.clo && bounds.chi) return *bounds.clo + (*bounds.chi - *bounds.clo) / 2;
  if (bounds.clo) return std::min<GridIndex>(*bounds.clo + 1, max_index);
  if (bounds.chi) return std::max<GridIndex>(*bounds.chi - 1, 0);
  return load;
}

}  // namespace

bool FastSelection::walks(std::size_t goal) const {
  return !no_exceed(goal) &&
         shortest_duration(goal) ==
             chains_.targets[chains_.final_target[goal]].classification.trial_duration;
}

GridIndex FastSelection::nearest_grid_load(double estimate_pps) const {
  // Geometrically nearest, as the oracle's start; rounding down put the first
  // loads a step low half of the time.
  GridIndex nearest = grid_.index_at_or_below(estimate_pps);
  if (nearest < grid_.max_index() &&
      grid_.load_at(nearest + 1) / estimate_pps < estimate_pps / grid_.load_at(nearest)) {
    ++nearest;
  }
  return nearest;
}

std::size_t FastSelection::coarsest_target(std::size_t goal) const {
  std::size_t coarsest = chains_.final_target[goal];
  while (const auto preceding = chains_.targets[coarsest].preceding) coarsest = *preceding;
  return coarsest;
}

bool FastSelection::min_load_lost_coarsely(std::size_t goal, const GridBounds& bounds) const {
  const GridBounds coarse = bounds_of(coarsest_target(goal));
  return coarse.chi && *coarse.chi == 0 && inside(0, bounds);
}

FastStep FastSelection::place_walk(std::size_t goal, const GridBounds& bounds) {
  // Every trial of such a goal has the final trial duration and counts in
  // full wherever it lands, so what costs is deciding loads that end up no
  // bound (up to 21 trials each at the median). A walk that knows the median
  // critical load (bench/mlrsearch/oracle_floor.cpp) measures the grid load
  // nearest it, then the neighbour on the side its classification leaves
  // open; here the median is estimated afresh before every trial, from every
  // trial so far, so the walk moves as soon as the evidence does (sticking
  // to a load until it is decided cost more: bench_mlr_strategies, 1 %
  // noise). The intermediate target's 2-width screening is skipped: its
  // loads two widths apart are decided with 3 trials each, then one of them
  // is usually decided again and wasted at the final target.
  GoalState& state = goals_[goal];
  const TargetSpec& target = chains_.targets[state.target];
  const GridIndex width = target.width_steps;
  const measure::Seconds duration = target.classification.trial_duration;
  if (min_load_lost_coarsely(goal, bounds)) {
    // Min load lost on the coarsest target (background loss): settle it
    // first, as the other targets would; it is the likely answer.
    state.expected_upper = false;
    return FastStep{0, duration, goal};
  }
  GridIndex nearest = grid_.max_index();
  if (const std::optional<double> estimate_pps =
          normal_fit_median_pps(trials_, target.classification)) {
    nearest = nearest_grid_load(*estimate_pps);
  } else if (bounds.clo) {
    nearest = *bounds.clo + width;
  }
  // The fit's median assumes loss comes from a capacity: each high-loss trial
  // forwarded what the SUT could take. Where loss does not (background loss, a
  // SUT losing a few frames at every load above some rate), each exact value
  // is its own load, the median stays up with the early trials, and the walk
  // decided load after load one width apart far above the coarsest target's
  // bounds, 11 trials each (the lossy SUT with 1e-5 background loss: 2.1 and
  // 3.8 times csit's time; bench/mlrsearch/strategy_sweep.py). The coarsest
  // target's bounds, from trials of the same duration, hold it. Not even one
  // width beyond them: on the soak model's smooth loss curve that width cost
  // 1.32 of csit's time against 1.01, and on noisy SUTs it saved nothing
  // (strategy_sweep.py --seeds 40; bench_mlr_strategies --seeds 1000: 1 % noise
  // NDR+PDR 0.869 with it and without).
  const GridBounds coarse = bounds_of(coarsest_target(goal));
  if (coarse.chi && nearest > *coarse.chi) nearest = *coarse.chi;
  if (coarse.clo && nearest < *coarse.clo) nearest = *coarse.clo;
  GridIndex load = nearest;
  state.expected_upper = false;
  if (bounds.chi && nearest >= *bounds.chi) {
    // The estimate is at or above an upper bound: step down from it, the
    // step doubling from the second miss on (background loss, lossy SUTs).
    load = *bounds.chi - doubled(width, std::max(0, state.down_misses - 1));
  } else if (bounds.clo && nearest <= *bounds.clo) {
    load = *bounds.clo + doubled(width, std::max(0, state.up_misses - 1));
    state.expected_upper = true;
  }
  load = std::clamp<GridIndex>(load, 0, grid_.max_index());
  return FastStep{into_bounds(load, bounds, grid_.max_index()), duration, goal};
}

}  // namespace trexsearch::mlr
