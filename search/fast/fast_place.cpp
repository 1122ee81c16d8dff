// fast's placement on the target chain (FastSelection::place): which load a goal
// measures next while it is not walking (docs/mlrsearch.md "The fast strategy").
#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "search/fast/critical_estimate.hpp"
#include "search/fast/fast_selection.hpp"
#include "search/fast/grid_steps.hpp"

namespace trexsearch::mlr {
namespace {

/// An undecided load chosen for more trials, and whether it is one of the
/// preceding target's bounds.
struct UndecidedPick {
  GridIndex load = 0;
  bool preceding_bound = false;
};

/// Whether an undecided load beats the pick so far: the preceding target's
/// bounds first (of two, the lower: loads come in ascending order), then the
/// load nearest `reference`.
bool beats(const std::optional<UndecidedPick>& pick, GridIndex load, bool preceding_bound,
           GridIndex reference) {
  if (!pick) return true;
  if (pick->preceding_bound != preceding_bound) return preceding_bound;
  return !preceding_bound && std::abs(load - reference) < std::abs(pick->load - reference);
}

}  // namespace

bool FastSelection::brackets(std::size_t goal) const {
  // With exceed ratio 0 one high-loss trial makes a load an upper bound for
  // good (draft-06 Appendix A), so every trial at the eventual lower bound
  // besides its full-length one is one more chance to lose it, and the
  // result ends lower. The preceding targets therefore bracket the estimate
  // one final width either side, and the final target measures the load one
  // final width below the upper bound (the highest that could be the lower
  // bound; the estimate itself when the bracket held), fresh, with its one
  // full-length trial (as the reference's bisection often does by chance).
  const GoalState& state = goals_[goal];
  const std::size_t final_index = chains_.final_target[goal];
  return no_exceed(goal) && state.target != final_index &&
         chains_.targets[state.target].width_steps >= 2 * chains_.targets[final_index].width_steps;
}

std::optional<GridIndex> FastSelection::fresh_below_upper(std::size_t goal,
                                                          const GridBounds& bounds,
                                                          const GridBounds& preceding) const {
  // The exceed-ratio-0 final target's load one final width below the upper
  // bound, when nothing was measured there yet (brackets, above).
  const TargetSpec& target = chains_.targets[goals_[goal].target];
  if (!no_exceed(goal) || brackets(goal) || !target.preceding || !preceding.chi || !bounds.chi) {
    return std::nullopt;
  }
  // Only until such a trial missed: on a SUT that loses a few frames at every
  // load (background loss) each one misses, and one width per 60 s trial down
  // to where it stops took 10 to 15 times csit's time
  // (bench/mlrsearch/strategy_sweep.py, 1e-5 background loss); after a miss the
  // usual steps follow, doubling from the second miss.
  if (goals_[goal].down_misses > 0) return std::nullopt;
  const GridIndex below_upper =
      *bounds.chi - chains_.targets[chains_.final_target[goal]].width_steps;
  if (inside(below_upper, preceding) && inside(below_upper, bounds) &&
      !database_.loads().contains(grid_.load_at(below_upper))) {
    return below_upper;
  }
  return std::nullopt;
}

std::optional<GridIndex> FastSelection::undecided_load(std::size_t goal, const GridBounds& bounds,
                                                       const GridBounds& preceding,
                                                       std::optional<GridIndex> estimate) const {
  // A load already measured but still undecided for this target: more trials
  // there decide it, and every trial so far keeps counting. The preceding
  // target's bounds come first (lower one first), as they are where this
  // target's bounds most likely are; other undecided loads only when those
  // are decided, the one nearest the estimate first.
  //
  // Loads far from the estimate are left out (below); without an estimate
  // (too few high-loss trials yet) the lower bound stands in for it above it:
  // the critical load is above it.
  const std::size_t target_index = goals_[goal].target;
  const TargetSpec& target = chains_.targets[target_index];
  const bool zero_exceed = no_exceed(goal);
  const std::optional<GridIndex> far_above = estimate ? estimate : bounds.clo;
  std::optional<UndecidedPick> pick;
  for (const auto& [load_pps, entry] : database_.loads()) {
    const GridIndex load = grid_.index_at_or_below(load_pps);
    if (!inside(load, bounds)) continue;
    if (entry.tallies.at(target_index).classification() != LoadClass::undecided) continue;
    // Far above the estimate (such as the first trial's max load, undecided
    // for a target with a longer duration sum once exceed ratio is above 0):
    // deciding it could take half the duration sum and would not narrow the
    // bounds near the critical load; a new load there is placed instead.
    // With exceed ratio 0 one short high-loss trial decides a load, so a
    // load there is cheap to decide and stays first.
    if (!zero_exceed && far_above && load - *far_above > target.width_steps) continue;
    // Far below it (min load after the coarsest target's check for background
    // loss): deciding it there makes a lower bound far from the critical load.
    if (estimate && *estimate - load > target.width_steps) continue;
    const bool preceding_bound = load == preceding.clo || load == preceding.chi;
    if (beats(pick, load, preceding_bound, estimate.value_or(load))) {
      pick = UndecidedPick{load, preceding_bound};
    }
  }
  if (!pick) return std::nullopt;
  return pick->load;
}

GridIndex FastSelection::step_from_estimate(std::size_t goal, const GridBounds& bounds,
                                            std::optional<GridIndex> estimate) const {
  const GoalState& state = goals_[goal];
  const GridIndex final_width = chains_.targets[chains_.final_target[goal]].width_steps;
  const bool bracketing = brackets(goal);
  const GridIndex pair_width = bracketing ? 2 * final_width : final_width;
  const std::optional<GridIndex> lower_candidate =
      estimate ? std::optional<GridIndex>(bracketing ? *estimate - final_width : *estimate)
               : std::nullopt;
  if (lower_candidate && inside(*lower_candidate, bounds)) {
    // The estimate itself (one final width below it when bracketing),
    // expected to be a lower bound (it is at or below the critical load,
    // rounded down onto the grid). Without a lower bound, at least one width
    // below the upper bound; the first miss does not double the step, as the
    // trial that missed (often a full-length one that failed where shorter
    // ones passed) made the estimate exact; later misses do, so background
    // loss cannot make the search creep down one step at a time.
    if (bounds.clo || !bounds.chi) return *lower_candidate;
    return std::min(*lower_candidate,
                    *bounds.chi - doubled(final_width, std::max(0, state.down_misses - 1)));
  }
  if (bounds.clo && (!lower_candidate || *lower_candidate <= *bounds.clo)) {
    // The estimate says the lower bound is at the critical load: one final
    // width above it should be an upper bound; each miss doubles the step.
    return *bounds.clo + doubled(pair_width, state.up_misses);
  }
  if (bounds.chi) return *bounds.chi - doubled(final_width, state.down_misses);
  return grid_.max_index();
}

GridIndex FastSelection::new_load(std::size_t goal, const GridBounds& bounds,
                                  std::optional<GridIndex> estimate) const {
  const GoalState& state = goals_[goal];
  GridIndex load = step_from_estimate(goal, bounds, estimate);
  if (!chains_.targets[state.target].preceding && !bounds.clo && bounds.chi &&
      state.down_misses > 0) {
    // On the coarsest target, a load expected to pass lost: a SUT that loses
    // below a rate it has forwarded may lose at every load (background loss,
    // a goal loss ratio below it), and then min load is the goal's answer
    // (draft-06 "Relevant Upper Bound": min load an upper bound). One trial
    // there, of the initial (shortest) duration, settles it: an upper bound
    // ends the descent that would otherwise double its way down (ten trials
    // and more on the lossy SUT); a lower bound leaves the estimate to place
    // the next load, so a noisy SUT pays one short trial.
    load = 0;
  }
  load = std::clamp<GridIndex>(load, 0, grid_.max_index());
  if (inside(load, bounds)) return load;
  // Only possible with both bounds (one bound leaves an open range to step
  // into): the step left them, so bisect (geometric midpoint).
  if (!bounds.clo || !bounds.chi) {
    throw std::logic_error("fast selection: load " + std::to_string(load) +
                           " outside a one-sided range");
  }
  return *bounds.clo + (*bounds.chi - *bounds.clo) / 2;
}

std::optional<GridIndex> FastSelection::chain_estimate(std::size_t goal) const {
  // Without an estimate no trial lost more than the goal's loss ratio: the
  // critical load is above every measured load, as if estimated at max load.
  const ClassificationTarget& target = chains_.targets[goals_[goal].target].classification;
  if (const std::optional<double> estimate_pps = critical_load_estimate_pps(trials_, target)) {
    return grid_.index_at_or_below(*estimate_pps);
  }
  return std::nullopt;
}

std::optional<FastStep> FastSelection::place(std::size_t goal, const GridBounds& bounds) {
  GoalState& state = goals_[goal];
  if (state.target == chains_.final_target[goal]) {
    if (back_to_the_chain(goal)) return place(goal, bounds_of(state.target));
    if (state.noisy) return place_noisy(goal, bounds);
    if (walks(goal)) return place_walk(goal, bounds);
    if (state.probe == DurationProbe::steady) {
      return place_steady(goal, bounds, chain_estimate(goal));
    }
  }
  return place_on_chain(goal, bounds);
}

FastStep FastSelection::place_on_chain(std::size_t goal, const GridBounds& bounds) {
  GoalState& state = goals_[goal];
  const TargetSpec& target = chains_.targets[state.target];
  const measure::Seconds duration = target.classification.trial_duration;
  const std::optional<GridIndex> estimate = chain_estimate(goal);
  if (std::optional<FastStep> probe = duration_probe(goal, bounds)) return *probe;
  if (target.preceding && min_load_lost_coarsely(goal, bounds)) {
    // Min load lost on the coarsest target (background loss): it is the likely
    // answer, so this target settles it first, with its own trial duration.
    // Stepping down from the upper bound instead doubled its way from near max
    // load to min load on every target (TST009 on the lossy SUT: 37 trials and
    // 1454 s, against csit's 13 and 82 s; bench/mlrsearch/strategy_sweep.py).
    state.expected_upper = false;
    return FastStep{0, duration, goal};
  }
  GridBounds preceding;
  if (target.preceding) preceding = bounds_of(*target.preceding);
  if (const std::optional<GridIndex> fresh = fresh_below_upper(goal, bounds, preceding)) {
    state.expected_upper = false;
    return FastStep{*fresh, duration, goal};
  }
  if (const std::optional<GridIndex> undecided =
          undecided_load(goal, bounds, preceding, estimate)) {
    state.expected_upper = *undecided > estimate.value_or(grid_.max_index());
    return FastStep{*undecided, chain_trial_duration(goal, *undecided), goal};
  }
  const GridIndex load = new_load(goal, bounds, estimate);
  // Without an estimate every load so far was low-loss: expect an upper bound.
  state.expected_upper = !estimate || load > *estimate;
  return FastStep{load, chain_trial_duration(goal, load), goal};
}

measure::Seconds FastSelection::chain_trial_duration(std::size_t goal, GridIndex load) const {
  // A short trial first where one high-loss short trial would make an expected
  // upper bound one (exceed ratio 0; or TST009 after a 60 s miss: 61 s of high
  // loss instead of 120 s; draft-06 Appendix A), unless one passed there
  // already: a short trial never makes a lower bound. Otherwise an upper bound
  // takes exceed ratio x duration sum seconds of high loss whatever the
  // trials' durations, and short low-loss trials cancel short high-loss ones,
  // so short trials save nothing and may never decide the load: TST009 (1 s
  // trials first, 60 s final, sum 120 s, exceed ratio 0.5) on a SUT with 5 %
  // noise measured 1 s trials at one load until the time limit.
  const std::size_t target_index = goals_[goal].target;
  const ClassificationTarget& target = chains_.targets[target_index].classification;
  if (!goals_[goal].expected_upper) return target.trial_duration;
  // The load's tally so far (as the analysis keeps it), and with one short miss more.
  const double load_pps = grid_.load_at(load);
  TargetTally tally(target);
  if (database_.loads().contains(load_pps)) tally = database_.tally(load_pps, target_index);
  if (tally.sums().short_low_loss.count() > 0.0) return target.trial_duration;
  const measure::Seconds shortest = shortest_duration(goal);
  tally.add(measure::TrialResult::from_loss_ratio(load_pps, shortest, shortest, 1.0));
  return tally.classification() == LoadClass::upper_bound ? shortest : target.trial_duration;
}

}  // namespace trexsearch::mlr
