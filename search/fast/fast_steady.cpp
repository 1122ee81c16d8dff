// fast's exceed-ratio-0 goals (RFC 2544 throughput) on a SUT whose capacity
// samples agree: the duration probe, and the final target's one full-length
// trial (docs/mlrsearch.md "The fast strategy").
//
// With exceed ratio 0 a single high-loss trial makes a load an upper bound for
// good (draft-06 Appendix A), so a search ends within a width of the capacity
// only if no trial at the final lower bound, or below it, lost frames. On a SUT
// with rare interruptions (bursty) every such trial second is a chance to lose
// the result: the target chain's screening trial of the intermediate duration
// at the bracket's lower load is 7.75 of the 68.75 s at risk. It earns its
// place only on a SUT whose longer trials take less than its short ones (a
// buffer), where it keeps 60 s trials off loads that fail them. One trial of
// that duration at the bracket's upper load, which is expected to lose and
// risks nothing, tells the two apart.
#include <algorithm>
#include <limits>

#include "search/fast/critical_estimate.hpp"
#include "search/fast/fast_selection.hpp"
#include "search/fast/grid_steps.hpp"

namespace trexsearch::mlr {

double FastSelection::final_relative_width(std::size_t goal) const {
  const GridIndex width = chains_.targets[chains_.final_target[goal]].width_steps;
  return 1.0 - grid_.load_at(0) / grid_.load_at(width);
}

void FastSelection::enter_final_target(std::size_t goal) {
  GoalState& state = goals_[goal];
  state.target = chains_.final_target[goal];
  state.down_misses = 0;
  state.up_misses = 0;
}

std::optional<FastStep> FastSelection::duration_probe(std::size_t goal, const GridBounds& bounds) {
  // Due once, on the first target after the coarsest, for a goal the capacity
  // samples showed steady, when the coarsest target left an upper bound to
  // probe.
  GoalState& state = goals_[goal];
  if (state.probe == DurationProbe::sent) return state.probe_step;
  const TargetSpec& target = chains_.targets[state.target];
  if (!no_exceed(goal) || !state.noise_decided || state.noisy ||
      state.probe != DurationProbe::not_sent || !target.preceding ||
      state.target == chains_.final_target[goal] || !bounds.chi) {
    return std::nullopt;
  }
  state.probe = DurationProbe::sent;
  state.probe_step = FastStep{*bounds.chi, target.classification.trial_duration, goal};
  state.expected_upper = true;
  return state.probe_step;
}

bool FastSelection::probe_measured(std::size_t goal) const {
  const FastStep& step = goals_[goal].probe_step;
  return trials_at(step.load, step.duration) > 0;
}

void FastSelection::decide_duration_probe(std::size_t goal) {
  GoalState& state = goals_[goal];
  const measure::Seconds probe_duration = state.probe_step.duration;
  const ClassificationTarget& final_target =
      chains_.targets[chains_.final_target[goal]].classification;
  const double probe_pps = grid_.load_at(state.probe_step.load);
  // The probe's exact value against the highest of the shorter trials'.
  std::optional<double> probe_exact;
  std::optional<double> short_exact;
  for (const TrialRecord& trial : trials_) {
    const std::optional<double> exact = exact_load_pps(trial, final_target);
    if (!exact) continue;
    const measure::Seconds duration = trial.result.intended_duration();
    if (duration == probe_duration && trial.result.intended_load_pps() == probe_pps) {
      probe_exact = exact;
    } else if (duration < probe_duration) {
      short_exact = std::max(short_exact.value_or(0.0), *exact);
    }
  }
  const GridIndex width = chains_.targets[chains_.final_target[goal]].width_steps;
  if (probe_exact && short_exact &&
      grid_.index_at_or_below(*probe_exact) < grid_.index_at_or_below(*short_exact) - width) {
    state.probe = DurationProbe::buffered;
    return;
  }
  state.probe = DurationProbe::steady;
  // The probe and the bracket's upper trial are capacity samples too: the two
  // at max load can agree by chance on a SUT that varies (at 1 % noise, about
  // one time in three).
  const PassingLimitSpread spread = passing_limit_spread(trials_, final_target, std::nullopt);
  if (spread.count >= 2 && spread.relative_stddev > final_relative_width(goal)) {
    state.noisy = true;
  }
  enter_final_target(goal);
}

bool FastSelection::back_to_the_chain(std::size_t goal) {
  // The steady and noisy paths step one width per full-length miss, without
  // doubling: on a bursty SUT each interruption then costs one width (round 7).
  // A SUT that loses at every load (background loss, a soak SUT far below max
  // load) misses every time, and one width per 60 s trial took up to 15 times
  // csit's time with 1e-5 background loss and over 1000 times on the soak model
  // at 20 kpps (bench/mlrsearch/strategy_sweep.py). Three misses in a row is
  // that (a bursty SUT's 60 s trials miss about half the time): the goal goes
  // back to the target before the final one and its chain, which doubles its
  // steps, as for a buffered SUT. Bursty RFC 2544 (1000 seeds): the same 543
  // runs within a width, worst error -16 % instead of -4 % (csit: -84 %; over
  // 10000 seeds -52 %, csit -97 %).
  GoalState& state = goals_[goal];
  const std::optional<std::size_t> preceding = chains_.targets[state.target].preceding;
  if (!no_exceed(goal) || state.down_misses < 3 || !preceding ||
      (!state.noisy && state.probe != DurationProbe::steady)) {
    return false;
  }
  state.noisy = false;
  state.probe = DurationProbe::buffered;
  state.target = *preceding;
  state.down_misses = 0;
  state.up_misses = 0;
  return true;
}

FastStep FastSelection::place_steady(std::size_t goal, const GridBounds& bounds,
                                     std::optional<GridIndex> estimate) {
  GoalState& state = goals_[goal];
  const TargetSpec& target = chains_.targets[state.target];
  const measure::Seconds duration = target.classification.trial_duration;
  // After a full-length trial lost, its own forwarding rate says where the
  // next one passes (a buffered SUT's long-term rate; just below the load on
  // a SUT that was interrupted): the lowest such rate, at least one width
  // below the upper bound. No doubling: on a bursty SUT each interruption
  // costs one width, not a doubling descent (worst of 1000 runs -4 %, against
  // -92 % with it).
  std::optional<double> lowest_full_pps;
  for (const TrialRecord& trial : trials_) {
    if (trial.result.intended_duration() < duration) continue;
    if (const std::optional<double> exact = exact_load_pps(trial, target.classification)) {
      lowest_full_pps =
          std::min(lowest_full_pps.value_or(std::numeric_limits<double>::max()), *exact);
    }
  }
  GridIndex load = 0;
  if (lowest_full_pps && !bounds.clo && bounds.chi) {
    load = std::max<GridIndex>(
        0, std::min(grid_.index_at_or_below(*lowest_full_pps), *bounds.chi - target.width_steps));
  } else {
    load = new_load(goal, bounds, estimate);
  }
  state.expected_upper = !estimate || load > *estimate;
  // A load expected to lose gets a short trial first, unless it already had
  // one that passed (a buffered SUT's next load up): then only a full-length
  // trial can decide it.
  const bool short_first = state.expected_upper && !database_.loads().contains(grid_.load_at(load));
  return FastStep{load, short_first ? shortest_duration(goal) : duration, goal};
}

}  // namespace trexsearch::mlr
