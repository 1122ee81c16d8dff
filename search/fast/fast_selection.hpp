#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "search/controller.hpp"
#include "search/search_result.hpp"
#include "search/selection/limit_handler.hpp"
#include "search/selection/load_grid.hpp"
#include "search/selection/target_scaling.hpp"
#include "search/trial_database.hpp"

namespace trexsearch::mlr {

/// One trial the fast strategy wants, and the goal it is for.
struct FastStep {
  GridIndex load = 0;
  measure::Seconds duration{0.0};
  std::size_t goal = 0;
};

/// What the fast strategy answers when asked for the next trial.
struct FastTurn {
  enum class Status { measure, done, fail_fast };
  Status status = Status::done;
  FastStep step;
  /// The goal whose min load turned out an upper bound (fail_fast only).
  std::size_t goal = 0;
};

/// The fast load selection (docs/mlrsearch.md "The fast strategy"). It walks each
/// goal through the same target chain as the reference, and reads bounds from
/// the same trial database, so what it reports is what the analysis would
/// (draft-06 "Load Classification", "Relevant Bounds"); only which load and
/// duration come next differs:
///  - a load still undecided inside a target's bounds is measured again before
///    any new load (its trials so far are not wasted), unless it is more than
///    the target's width above the estimate and the goal's exceed ratio is
///    above 0 (deciding it would cost up to half the duration sum far from
///    the critical load);
///  - with exceed ratio 0 (one high-loss trial makes an upper bound, draft-06
///    Appendix A) every trial at a load that ends up the lower bound, or below
///    it, is one more chance to lose it: the coarsest target brackets the
///    estimate one final width either side with short trials, then one trial
///    of the next target's duration goes to the bracket's upper load (the
///    duration probe, where a high-loss trial costs nothing). When it forwards
///    what the short trials did, the goal goes to its final target: one
///    full-length trial at the estimate, and after a full-length miss at the
///    lowest full-length forwarding rate. When it forwards less (a buffer
///    that longer trials fill) the preceding targets bracket as before and
///    the final target measures the load one final width below the upper
///    bound, fresh, so the final lower bound carries only its full-length
///    trial. When the capacity samples (two shortest trials at max load, or
///    every high-loss trial after the probe; a tester-limited trial's reach
///    is one, passing_limit_pps) vary by more than a goal width,
///    four samples place that trial instead (at their mean; when nothing has
///    passed yet, one shortest trial at min load goes first), the target
///    chain's screening trials are skipped, and 1 s trials look for the
///    upper bound one width above;
///  - a goal with exceed ratio above 0 whose trials all have its final
///    duration (NDR, PDR) goes from its coarsest target straight to its final
///    one and walks it: each trial at the grid load nearest the median
///    critical load estimated from every trial so far (a censored normal
///    fit, normal_fit_median_pps), inside the goal's open bounds, stepping
///    from a bound when the estimate is beyond it (place_walk);
///  - new loads are placed at the critical-load estimate from the measured
///    forwarding rates (critical_load_estimate_pps), and the expected upper
///    bound one final goal width above it, so a good estimate needs two loads
///    for every target of the goal; external steps double from the second
///    miss on (the first miss's own forwarding rate is usually exact), and
///    bisection takes over when the estimate is outside the bounds; on the
///    coarsest target, a downward miss without a lower bound is followed by
///    one trial at min load (background loss makes min load the answer; a
///    SUT that passes there has lost only the one short trial);
///  - a load expected to be an upper bound gets the goal's shortest trial,
///    since high-loss seconds of short trials count toward an upper bound
///    (draft-06 Appendix A) while a long trial there would be wasted;
///  - a target whose bounds the stored trials already make narrow enough is
///    passed without a trial;
///  - of the goals' nominations the lowest load wins (its result can end the
///    work above it), so one trial serves every goal whose bounds it is between.
class FastSelection {
 public:
  /// `trials` is the controller's log; it grows between calls.
  FastSelection(const TargetChains& chains, const TrialDatabase& database, const LoadGrid& grid,
                const std::vector<TrialRecord>& trials);

  /// The next trial, or done / fail-fast. May advance goals to finer targets.
  FastTurn next();
  /// The step returned by next() was measured (its trial is in the log).
  void measured(const FastStep& step);
  /// Where one goal's search stands now.
  GoalProgress progress(std::size_t goal) const;

 private:
  /// Where an exceed-ratio-0 goal on a SUT the capacity samples showed steady
  /// stands with its duration probe: one trial of the first intermediate
  /// target's duration at the coarsest target's upper bound.
  enum class DurationProbe {
    not_sent,
    sent,
    /// It forwarded less than the short trials by more than a goal width:
    /// longer trials take less (a buffer), and the target chain screens below.
    /// Also after three full-length misses in a row (back_to_the_chain).
    buffered,
    /// It agreed: the goal goes to its final target and its one full-length
    /// trial (place_steady).
    steady,
  };

  struct GoalState {
    std::size_t target = 0;
    /// Consecutive external steps that did not land where expected, per direction.
    int down_misses = 0;
    int up_misses = 0;
    /// What the last nominated load was expected to be for the current target.
    bool expected_upper = false;
    bool done = false;
    /// Exceed ratio 0 only: whether the shortest trials showed the SUT's
    /// capacity varying by more than a goal width (decided once, after two
    /// such trials); a noisy goal samples, then goes to its final target.
    bool noise_decided = false;
    bool noisy = false;
    /// Exceed ratio 0, not noisy: the duration probe (fast_steady.cpp).
    DurationProbe probe = DurationProbe::not_sent;
    /// The probe's trial, nominated until it is measured (another goal's
    /// trial may win the round it was first nominated in).
    FastStep probe_step;
  };

  /// The goal's next step, advancing its target; nothing when it is done.
  std::optional<FastStep> nominate(std::size_t goal, bool& fail_fast);
  /// The goal's next load on its current target (fast_place.cpp); noisy
  /// exceed-ratio-0 goals and walking goals on their final target elsewhere.
  std::optional<FastStep> place(std::size_t goal, const GridBounds& bounds);
  /// An exceed-ratio-0 goal on a target at least two final widths wide:
  /// it brackets the estimate one final width either side.
  bool brackets(std::size_t goal) const;
  /// An exceed-ratio-0 goal's final target: the load one final width below
  /// its upper bound, when it is new and inside both targets' bounds.
  std::optional<GridIndex> fresh_below_upper(std::size_t goal, const GridBounds& bounds,
                                             const GridBounds& preceding) const;
  /// A measured load still undecided for the goal's target, worth more trials.
  std::optional<GridIndex> undecided_load(std::size_t goal, const GridBounds& bounds,
                                          const GridBounds& preceding,
                                          std::optional<GridIndex> estimate) const;
  /// new_load's first guess: the estimate if it is inside the bounds, else a
  /// step from the bound it is beyond, doubled per miss.
  GridIndex step_from_estimate(std::size_t goal, const GridBounds& bounds,
                               std::optional<GridIndex> estimate) const;
  /// A load not measured yet: from the estimate, or an external step from a
  /// bound; min load after a coarse miss; bisection when the step left the bounds.
  GridIndex new_load(std::size_t goal, const GridBounds& bounds,
                     std::optional<GridIndex> estimate) const;
  /// For an exceed-ratio-0 goal: a trial at max load when more samples of
  /// the SUT's capacity are wanted, after deciding whether the SUT is noisy.
  std::optional<FastStep> sample_capacity(std::size_t goal);
  /// A noisy exceed-ratio-0 goal on its final target.
  FastStep place_noisy(std::size_t goal, const GridBounds& bounds);
  /// The duration probe's trial, when the goal is due one (fast_steady.cpp).
  std::optional<FastStep> duration_probe(std::size_t goal, const GridBounds& bounds);
  /// Whether the probe's trial was measured.
  bool probe_measured(std::size_t goal) const;
  /// After the probe's trial: buffered, steady (to the final target) or, when
  /// every capacity sample so far spreads by more than a goal width, noisy.
  void decide_duration_probe(std::size_t goal);
  /// After three full-length misses in a row on the steady or noisy path: the
  /// goal returns to the target before its final one and the chain (true).
  bool back_to_the_chain(std::size_t goal);
  /// A steady exceed-ratio-0 goal on its final target.
  FastStep place_steady(std::size_t goal, const GridBounds& bounds,
                        std::optional<GridIndex> estimate);
  /// The final target's width relative to the load (the goal width on the grid).
  double final_relative_width(std::size_t goal) const;
  /// The goal enters its final target: the step counters start again.
  void enter_final_target(std::size_t goal);
  bool no_exceed(std::size_t goal) const;
  /// Exceed ratio above 0 and every trial of the final duration (NDR, PDR):
  /// after the coarsest target, the goal walks its final target.
  bool walks(std::size_t goal) const;
  /// The walk: the grid load nearest the estimated median critical load,
  /// inside the goal's open bounds (fast_walk.cpp).
  FastStep place_walk(std::size_t goal, const GridBounds& bounds);
  /// The grid load geometrically nearest `estimate_pps`.
  GridIndex nearest_grid_load(double estimate_pps) const;
  /// The first target of the goal's chain.
  std::size_t coarsest_target(std::size_t goal) const;
  /// Min load is an upper bound on the goal's coarsest target and still open here.
  bool min_load_lost_coarsely(std::size_t goal, const GridBounds& bounds) const;
  /// Non-warmup trials so far at this load with this intended duration.
  int trials_at(GridIndex load, measure::Seconds duration) const;
  /// A goal's next trial on its target chain (not the final target's walk,
  /// steady or noisy paths).
  FastStep place_on_chain(std::size_t goal, const GridBounds& bounds);
  /// The current target's critical-load estimate on the grid (critical_load_estimate_pps).
  std::optional<GridIndex> chain_estimate(std::size_t goal) const;
  /// The duration of a chain trial at `load`: the goal's shortest when one
  /// short miss would decide an expected upper bound and no short trial passed
  /// there, else the target's.
  measure::Seconds chain_trial_duration(std::size_t goal, GridIndex load) const;
  GridBounds bounds_of(std::size_t target) const;
  bool achieved(const GridBounds& bounds, GridIndex width) const;
  measure::Seconds shortest_duration(std::size_t goal) const;

  const TargetChains& chains_;
  const TrialDatabase& database_;
  const LoadGrid& grid_;
  const std::vector<TrialRecord>& trials_;
  std::vector<GoalState> goals_;
};

}  // namespace trexsearch::mlr
