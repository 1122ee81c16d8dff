#pragma once

#include <optional>
#include <span>

#include "search/load_classification.hpp"
#include "search/search_result.hpp"

namespace trexsearch::mlr {

/// One trial's exact value: the load it would just have passed, min(intended
/// load, forwarding rate / (1 - loss ratio)), when it lost more than the
/// target's loss ratio; nothing for a low-loss or warmup trial. A tester-limited
/// trial has one only when the SUT itself dropped more than the loss ratio of
/// what it was offered (it was saturated too); one the SUT forwarded in full
/// forwarded what the tester sent, not what the SUT can take.
std::optional<double> exact_load_pps(const TrialRecord& trial, const ClassificationTarget& target);

/// The load at which a trial would just have passed, as far as it says: its exact
/// value (above), or for a tester-limited trial the SUT took in full, the rate the
/// tester reached (at most its intended load). Such a trial counts as full loss
/// and passes no goal (docs/trials.md), so where the tester is the limit, the
/// tester's reach in a trial is where that trial would have passed. A tester's
/// reach varies from trial to trial (TRex sharing a core): these are samples, as a
/// noisy SUT's capacity samples are, and every estimate below takes them so.
///
/// Without them a SUT faster than its tester gave fast no estimate at all, and it
/// walked down from max load one goal width per trial (1200 trials where csit took
/// 27). Capping the estimates at the tester's median reach instead (the reach of
/// the trials that fell short, the low draws only) kept them below where half of
/// the trials fall short: fast's walk crept up one goal width per decided load (on
/// the stand, both directions, a tester that could not quite reach the policer:
/// one search of 178 trials), and the RFC 2544 path never saw the tester's spread
/// as noise. `bench_mlr_strategies --seeds 1000 --model
/// sharp:capacity_pps=1e7:tester_reach_pps=8e6:tester_spread=0.05`: fast/csit of
/// trial time with the cap, NDR+PDR 1.251 and RFC 2544 1.163; without it 0.818 and
/// 0.836, and within one width more often than csit (docs/benchmarks-mlrsearch.md
/// "Behind a tester whose reach varies"). Nothing for a low-loss trial the tester
/// sent in full, or a warmup trial.
std::optional<double> passing_limit_pps(const TrialRecord& trial,
                                        const ClassificationTarget& target);

/// Where the fast strategy expects a target's critical load: the load a trial
/// would just pass (lose at most the target's loss ratio) half of the time.
///
/// Each trial says something about the load the SUT could take during it: a
/// high-loss trial forwarded a known rate (draft-06 "Trial Forwarding Rate"),
/// so forwarding rate / (1 - loss ratio) is the load at which it would have
/// lost just the goal's loss ratio; a low-loss trial only says that load was at
/// least its intended load. The median of such partly known values is the
/// Kaplan-Meier estimate (known values are events, low-loss trials are
/// censored); ignoring the low-loss trials would bias it low, since near the
/// critical load only the trials that went badly count. Where the survival is
/// exactly one half (an even number of values, none censored between the
/// middle two) the median is midway between them. Trials at least as
/// long as the target's are preferred, because short trials can see buffers
/// that longer ones fill (duration-dependent SUTs). Nothing when no trial was
/// high-loss or tester-limited, or when fewer than half of them were, counting
/// censoring. Tester-limited trials count with their passing limits (above), as
/// high-loss trials with their exact values. Warmup trials are ignored.
std::optional<double> critical_load_estimate_pps(std::span<const TrialRecord> trials,
                                                 const ClassificationTarget& target);

/// The same partly known values (above), fitted by a normal distribution
/// (maximum likelihood, low-loss trials right-censored at their loads): its
/// median. Where most trials pass, the Kaplan-Meier median is set by the few
/// values above the loads measured (often one trial at max load); the fit
/// also uses how the known values spread, so it settles in fewer trials on a
/// SUT whose capacity varies from trial to trial (bench_mlr_strategies at
/// 1 % noise: 60.0 s against 62.8 s per NDR+PDR search with the fast walk).
/// Nothing when no trial was high-loss or tester-limited. Warmup trials are
/// ignored, and tester-limited ones count with their passing limits, as for the
/// estimate above.
std::optional<double> normal_fit_median_pps(std::span<const TrialRecord> trials,
                                            const ClassificationTarget& target);

/// The mean of the passing limits (above) of every high-loss or tester-limited
/// trial, whatever its duration. On a SUT (or a tester) whose capacity varies from
/// trial to trial these are samples of it. Nothing without one.
std::optional<double> mean_passing_limit_pps(std::span<const TrialRecord> trials,
                                             const ClassificationTarget& target);

/// How widely the passing limits (above) of trials of one duration (of every
/// duration without one) spread: their count and relative sample standard
/// deviation (0 with fewer than two).
/// Noise in the SUT, or in the tester's reach, shows as spread; a deterministic
/// SUT behind a deterministic tester gives none.
struct PassingLimitSpread {
  int count = 0;
  double relative_stddev = 0.0;
};
PassingLimitSpread passing_limit_spread(std::span<const TrialRecord> trials,
                                        const ClassificationTarget& target,
                                        std::optional<measure::Seconds> duration);

}  // namespace trexsearch::mlr
