#include "search/fast/fast_selection.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "search/fast/critical_estimate.hpp"
#include "search/fast/grid_steps.hpp"
#include "search/selection/candidate.hpp"

namespace trexsearch::mlr {
namespace {

/// Capacity samples (short high-loss trials) a noisy exceed-ratio-0 goal
/// takes before its first full-length trial.
constexpr int noisy_capacity_samples = 4;

/// Short trials one width above a noisy goal's lower bound before a
/// full-length one there.
constexpr int noisy_upward_short_trials = 4;

}  // namespace

FastSelection::FastSelection(const TargetChains& chains, const TrialDatabase& database,
                             const LoadGrid& grid, const std::vector<TrialRecord>& trials)
    : chains_(chains), database_(database), grid_(grid), trials_(trials) {
  for (const std::size_t final_target : chains_.final_target) {
    // Like the reference, every goal starts on its coarsest target.
    GoalState state;
    state.target = final_target;
    while (const auto preceding = chains_.targets[state.target].preceding) {
      state.target = *preceding;
    }
    goals_.push_back(state);
  }
}

GridBounds FastSelection::bounds_of(std::size_t target) const {
  const RelevantBounds bounds = database_.relevant_bounds(target);
  // Every measured load is a grid point, so this conversion is exact.
  GridBounds grid_bounds;
  if (bounds.lower_pps) grid_bounds.clo = grid_.index_at_or_below(*bounds.lower_pps);
  if (bounds.upper_pps) grid_bounds.chi = grid_.index_at_or_below(*bounds.upper_pps);
  return grid_bounds;
}

bool FastSelection::achieved(const GridBounds& bounds, GridIndex width) const {
  if (bounds.clo && bounds.chi) return *bounds.chi - *bounds.clo <= width;
  // Nothing left to measure: max load is a lower bound, or min load an upper one.
  if (bounds.clo) return *bounds.clo >= grid_.max_index();
  if (bounds.chi) return *bounds.chi <= 0;
  return false;
}

measure::Seconds FastSelection::shortest_duration(std::size_t goal) const {
  std::size_t target = chains_.final_target[goal];
  while (const auto preceding = chains_.targets[target].preceding) target = *preceding;
  return chains_.targets[target].classification.trial_duration;
}

FastTurn FastSelection::next() {
  if (trials_.empty() || std::all_of(trials_.begin(), trials_.end(), [](const TrialRecord& t) {
        return t.phase == TrialPhase::warmup;
      })) {
    // The first trial is at max load, as in the reference: its forwarding rate
    // is the first estimate of every goal's critical load.
    // It is expected to be an upper bound (max load is the top of the range):
    // when it is one, that is no miss to widen the next step by.
    measure::Seconds duration{0.0};
    for (std::size_t goal = 0; goal < goals_.size(); ++goal) {
      duration = std::max(duration, shortest_duration(goal));
    }
    goals_[0].expected_upper = true;
    return {FastTurn::Status::measure, {grid_.max_index(), duration, 0}, 0};
  }
  Candidate winner;
  std::optional<FastStep> winning_step;
  for (std::size_t goal = 0; goal < goals_.size(); ++goal) {
    bool fail_fast = false;
    const std::optional<FastStep> step = nominate(goal, fail_fast);
    if (fail_fast) return {FastTurn::Status::fail_fast, {}, goal};
    if (!step) continue;
    const Candidate candidate{step->load, step->duration, std::nullopt, goal};
    // The lowest load first (candidate.hpp): a new upper bound low down makes
    // the work above it moot; a longer trial first at the same load.
    if (!winning_step || precedes(candidate, winner)) {
      winner = candidate;
      winning_step = step;
    }
  }
  if (!winning_step) return {};
  return {FastTurn::Status::measure, *winning_step, 0};
}

std::optional<FastStep> FastSelection::nominate(std::size_t goal, bool& fail_fast) {
  GoalState& state = goals_[goal];
  if (state.done) return std::nullopt;
  if (auto sample = sample_capacity(goal)) return sample;
  while (true) {
    const TargetSpec& target = chains_.targets[state.target];
    const GridBounds bounds = bounds_of(state.target);
    if (!achieved(bounds, target.width_steps)) return place(goal, bounds);
    if (state.target == chains_.final_target[goal]) {
      if (!bounds.clo && target.fail_fast) {
        fail_fast = true;
        return std::nullopt;
      }
      state.done = true;
      return std::nullopt;
    }
    // The stored trials already decide this target: the next finer one starts
    // with them and no trial is spent here. A walking goal goes from its
    // coarsest target straight to its final one (place_walk).
    state.target = walks(goal) ? chains_.final_target[goal] : state.target + 1;
    state.down_misses = 0;
    state.up_misses = 0;
  }
}

bool FastSelection::no_exceed(std::size_t goal) const {
  return chains_.targets[chains_.final_target[goal]].classification.exceed_ratio == 0.0;
}

int FastSelection::trials_at(GridIndex load, measure::Seconds duration) const {
  const double load_pps = grid_.load_at(load);
  return static_cast<int>(std::count_if(trials_.begin(), trials_.end(), [&](const TrialRecord& t) {
    return t.phase != TrialPhase::warmup && t.result.intended_load_pps() == load_pps &&
           t.result.intended_duration() == duration;
  }));
}

std::optional<FastStep> FastSelection::sample_capacity(std::size_t goal) {
  // With exceed ratio 0 one high-loss trial makes a load an upper bound for
  // good (draft-06 Appendix A), so on a SUT whose capacity varies from trial
  // to trial by more than a goal width the result is decided by where its
  // one full-length trial lands. A short trial at max load loses, and its
  // forwarding rate is one sample of the capacity; a few such samples place
  // that trial better than the coarser targets' screening trials do, and
  // those trials would land on the loads the lower bound is chosen from
  // (bench_mlr_strategies, noisy models). Deterministic and buffered SUTs
  // give equal samples and keep the target chain.
  GoalState& state = goals_[goal];
  if (!no_exceed(goal) || (state.noise_decided && !state.noisy)) return std::nullopt;
  const std::size_t final_index = chains_.final_target[goal];
  const TargetSpec& final_target = chains_.targets[final_index];
  const measure::Seconds shortest = shortest_duration(goal);
  const ExactLoadSpread spread = exact_load_spread(trials_, final_target.classification, shortest);
  const int at_max_load = trials_at(grid_.max_index(), shortest);
  const FastStep sample{grid_.max_index(), shortest, goal};
  if (!state.noise_decided) {
    // Bounded by the trials at max load: a SUT that takes max load gives no
    // samples.
    if (spread.count < 2 && at_max_load < 2) return sample;
    state.noise_decided = true;
    const double relative_width = 1.0 - grid_.load_at(0) / grid_.load_at(final_target.width_steps);
    state.noisy = spread.count >= 2 && spread.relative_stddev > relative_width;
    if (state.noisy) {
      state.target = final_index;
      state.down_misses = 0;
      state.up_misses = 0;
    }
  }
  if (state.noisy && spread.count < noisy_capacity_samples &&
      at_max_load < noisy_capacity_samples) {
    return sample;
  }
  return std::nullopt;
}

FastStep FastSelection::place_noisy(std::size_t goal, const GridBounds& bounds) {
  GoalState& state = goals_[goal];
  const TargetSpec& target = chains_.targets[chains_.final_target[goal]];
  const GridIndex width = target.width_steps;
  if (bounds.clo) {
    // The lower bound's one full-length trial passed; one width above it
    // should be an upper bound, and with exceed ratio 0 one short high-loss
    // trial there makes it one. After a few short trials that did not lose,
    // the SUT likely takes that load too: a full-length trial there, which
    // makes it the new lower bound if it passes.
    const GridIndex above = std::min(*bounds.clo + width, grid_.max_index());
    state.expected_upper = true;
    const bool enough_short =
        trials_at(above, shortest_duration(goal)) >= noisy_upward_short_trials;
    return FastStep{
        above, enough_short ? target.classification.trial_duration : shortest_duration(goal), goal};
  }
  // The mean of the capacity samples (every high-loss trial's exact load;
  // their median did no better: 397 runs within a width at 0.81 of csit),
  // rounded down onto the grid and at most one width below the lowest upper
  // bound: its full-length trial. Rounding to the nearest grid load instead
  // ends within a width of the capacity more often (1 % noise, 1000 seeds:
  // 454 runs against 397, csit 354) but costs 0.85 of csit's trial time
  // instead of 0.80.
  const std::optional<double> mean_pps = mean_exact_load_pps(trials_, target.classification);
  GridIndex load = mean_pps ? grid_.index_at_or_below(*mean_pps) : grid_.max_index();
  if (bounds.chi) load = std::min(load, *bounds.chi - width);
  load = std::clamp<GridIndex>(load, 0, grid_.max_index());
  state.expected_upper = false;
  return FastStep{load, target.classification.trial_duration, goal};
}

std::optional<FastStep> FastSelection::place(std::size_t goal, const GridBounds& bounds) {
  GoalState& state = goals_[goal];
  if (state.noisy && state.target == chains_.final_target[goal]) return place_noisy(goal, bounds);
  if (walks(goal) && state.target == chains_.final_target[goal]) return place_walk(goal, bounds);
  const TargetSpec& target = chains_.targets[state.target];
  const GridIndex final_width = chains_.targets[chains_.final_target[goal]].width_steps;
  const std::optional<double> estimate_pps =
      critical_load_estimate_pps(trials_, target.classification);
  // Without an estimate no trial lost more than the goal's loss ratio: the
  // critical load is above every measured load, as if estimated at max load.
  const bool has_estimate = estimate_pps.has_value();
  const GridIndex estimate =
      has_estimate ? grid_.index_at_or_below(*estimate_pps) : grid_.max_index();

  // With exceed ratio 0 one high-loss trial makes a load an upper bound for
  // good (draft-06 Appendix A), so every trial at the eventual lower bound
  // besides its full-length one is one more chance to lose it, and the
  // result ends lower. The preceding targets therefore bracket the estimate
  // one final width either side, and the final target measures the load one
  // final width below the upper bound (the highest that could be the lower
  // bound; the estimate itself when the bracket held), fresh, with its one
  // full-length trial (as the reference's bisection often does by chance).
  const bool zero_exceed = no_exceed(goal);
  const bool bracketing = zero_exceed && state.target != chains_.final_target[goal] &&
                          target.width_steps >= 2 * final_width;
  const GridIndex pair_width = bracketing ? 2 * final_width : final_width;
  GridBounds preceding;
  if (target.preceding) preceding = bounds_of(*target.preceding);
  if (zero_exceed && !bracketing && target.preceding && preceding.chi && bounds.chi) {
    const GridIndex below_upper = *bounds.chi - final_width;
    if (inside(below_upper, preceding) && inside(below_upper, bounds) &&
        !database_.loads().contains(grid_.load_at(below_upper))) {
      state.expected_upper = false;
      return FastStep{below_upper, target.classification.trial_duration, goal};
    }
  }

  // A load already measured but still undecided for this target: more trials
  // there decide it, and every trial so far keeps counting. The preceding
  // target's bounds come first (lower one first), as they are where this
  // target's bounds most likely are; other undecided loads only when those
  // are decided, the one nearest the estimate first.
  //
  // Loads far above the estimate are left out (below); without an estimate
  // (too few high-loss trials yet) the lower bound stands in for it: the
  // critical load is above it.
  std::optional<GridIndex> far_above;
  if (has_estimate) {
    far_above = estimate;
  } else if (bounds.clo) {
    far_above = *bounds.clo;
  }
  std::optional<GridIndex> undecided;
  bool undecided_is_preceding_bound = false;
  for (const auto& [load_pps, entry] : database_.loads()) {
    const GridIndex load = grid_.index_at_or_below(load_pps);
    if (!inside(load, bounds)) continue;
    if (entry.tallies.at(state.target).classification() != LoadClass::undecided) continue;
    // Far above the estimate (such as the first trial's max load, undecided
    // for a target with a longer duration sum once exceed ratio is above 0):
    // deciding it could take half the duration sum and would not narrow the
    // bounds near the critical load; a new load there is placed instead.
    // With exceed ratio 0 one short high-loss trial decides a load, so a
    // load there is cheap to decide and stays first.
    if (!zero_exceed && far_above && load - *far_above > target.width_steps) continue;
    const bool is_preceding_bound = load == preceding.clo || load == preceding.chi;
    if (undecided_is_preceding_bound && !is_preceding_bound) continue;
    const GridIndex reference = has_estimate ? estimate : load;
    if (!undecided || (is_preceding_bound && !undecided_is_preceding_bound) ||
        (!is_preceding_bound && std::abs(load - reference) < std::abs(*undecided - reference))) {
      undecided = load;
      undecided_is_preceding_bound = is_preceding_bound;
    }
  }
  if (undecided) {
    state.expected_upper = *undecided > estimate;
    return FastStep{*undecided, target.classification.trial_duration, goal};
  }

  GridIndex load = 0;
  const GridIndex lower_candidate = bracketing ? estimate - final_width : estimate;
  if (has_estimate && inside(lower_candidate, bounds)) {
    // The estimate itself (one final width below it when bracketing),
    // expected to be a lower bound (it is at or below the critical load,
    // rounded down onto the grid). Without a lower bound, at least one width
    // below the upper bound; the first miss does not double the step, as the
    // trial that missed (often a full-length one that failed where shorter
    // ones passed) made the estimate exact; later misses do, so background
    // loss cannot make the search creep down one step at a time.
    load = lower_candidate;
    if (!bounds.clo && bounds.chi) {
      load = std::min(load, *bounds.chi - doubled(final_width, std::max(0, state.down_misses - 1)));
    }
  } else if (bounds.clo && (!has_estimate || lower_candidate <= *bounds.clo)) {
    // The estimate says the lower bound is at the critical load: one final
    // width above it should be an upper bound; each miss doubles the step.
    load = *bounds.clo + doubled(pair_width, state.up_misses);
  } else if (bounds.chi) {
    load = *bounds.chi - doubled(final_width, state.down_misses);
  } else {
    load = grid_.max_index();
  }
  if (!target.preceding && !bounds.clo && bounds.chi && state.down_misses > 0) {
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
  if (!inside(load, bounds)) {
    // Only possible with both bounds (one bound leaves an open range to step
    // into): the step left them, so bisect (geometric midpoint).
    if (!bounds.clo || !bounds.chi) {
      throw std::logic_error("fast selection: load " + std::to_string(load) +
                             " outside a one-sided range");
    }
    load = *bounds.clo + (*bounds.chi - *bounds.clo) / 2;
  }
  // Without an estimate every load so far was low-loss: expect an upper bound.
  state.expected_upper = !has_estimate || load > estimate;
  const measure::Seconds duration =
      state.expected_upper ? shortest_duration(goal) : target.classification.trial_duration;
  return FastStep{load, duration, goal};
}

void FastSelection::measured(const FastStep& step) {
  GoalState& state = goals_[step.goal];
  const LoadClass got = database_.tally(grid_.load_at(step.load), state.target).classification();
  if (got == LoadClass::undecided) return;
  const bool upper = got == LoadClass::upper_bound;
  if (upper && !state.expected_upper) {
    ++state.down_misses;
  } else if (!upper && state.expected_upper) {
    ++state.up_misses;
  } else if (upper) {
    state.up_misses = 0;
  } else {
    state.down_misses = 0;
  }
}

GoalProgress FastSelection::progress(std::size_t goal) const {
  const GoalState& state = goals_[goal];
  const RelevantBounds bounds = database_.relevant_bounds(state.target);
  return {bounds.lower_pps, bounds.upper_pps, chains_.targets[state.target].depth, state.done};
}

}  // namespace trexsearch::mlr
