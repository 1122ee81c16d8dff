#include "search/fast/critical_estimate.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {

TrialRecord trial(double load_pps, double loss_ratio, double duration_s = 1.0,
                  TrialPhase phase = TrialPhase::main) {
  return {0, phase, measure::Seconds{0.0},
          measure::TrialResult::from_loss_ratio(load_pps, measure::Seconds{duration_s},
                                                measure::Seconds{duration_s}, loss_ratio)};
}

ClassificationTarget target(double loss_ratio, double trial_duration_s = 1.0) {
  ClassificationTarget result;
  result.loss_ratio = loss_ratio;
  result.trial_duration = measure::Seconds{trial_duration_s};
  return result;
}

}  // namespace

TEST_CASE("no estimate until a trial lost more than the target's loss ratio") {
  const std::vector<TrialRecord> trials{trial(1e6, 0.0), trial(2e6, 0.004)};
  CHECK(critical_load_estimate_pps(trials, target(0.0)).has_value());
  CHECK(!critical_load_estimate_pps(trials, target(0.005)).has_value());
}

TEST_CASE("one high-loss trial: its forwarding rate, corrected for the goal loss ratio") {
  // 10 Mfps offered, 40 % lost: the SUT forwarded 6 Mfps.
  const std::vector<TrialRecord> trials{trial(10e6, 0.4)};
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == doctest::Approx(6e6));
  // A load of 6e6 / (1 - 0.005) would lose just 0.5 %.
  CHECK(*critical_load_estimate_pps(trials, target(0.005)) == doctest::Approx(6e6 / 0.995));
}

TEST_CASE("the median of the high-loss trials, so one outlier does not move it") {
  const std::vector<TrialRecord> trials{trial(10e6, 0.4), trial(8e6, 0.25), trial(7e6, 0.5)};
  // Forwarding rates 6e6, 6e6, 3.5e6.
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == doctest::Approx(6e6));
}

TEST_CASE("two high-loss trials: the median is their mean, not the lower one") {
  // Forwarding rates 5e6 and 6e6: the survival is exactly one half between them.
  const std::vector<TrialRecord> trials{trial(10e6, 0.5), trial(10e6, 0.4)};
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == doctest::Approx(5.5e6));
  // Four values: the middle two (5e6 and 6e6) are averaged.
  const std::vector<TrialRecord> four{trial(10e6, 0.6), trial(10e6, 0.5), trial(10e6, 0.4),
                                      trial(10e6, 0.3)};
  CHECK(*critical_load_estimate_pps(four, target(0.0)) == doctest::Approx(5.5e6));
}

TEST_CASE("low-loss trials count as 'at least this load' (censored), not as nothing") {
  // Two high-loss trials say 5e6 and 6e6; two low-loss trials at 5.5e6 say the
  // SUT took at least 5.5e6 then. Half of the four values are above 5.5e6, so
  // the median is the 6e6 one; dropping the low-loss trials would give 5e6.
  const std::vector<TrialRecord> trials{trial(10e6, 0.5), trial(10e6, 0.4), trial(5.5e6, 0.0),
                                        trial(5.5e6, 0.0)};
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == doctest::Approx(6e6));
}

TEST_CASE("full-length trials are preferred: short ones see another SUT (buffers)") {
  // Two 1 s trials forwarded 5e6 and 5.5e6, one 60 s trial 6e6.
  const std::vector<TrialRecord> trials{trial(10e6, 0.5, 1.0), trial(10e6, 0.45, 1.0),
                                        trial(10e6, 0.4, 60.0)};
  CHECK(*critical_load_estimate_pps(trials, target(0.0, 60.0)) == doctest::Approx(6e6));
  // For a 1 s target all three are full-length: the median of all.
  CHECK(*critical_load_estimate_pps(trials, target(0.0, 1.0)) == doctest::Approx(5.5e6));
}

TEST_CASE("warmup trials are ignored") {
  const std::vector<TrialRecord> trials{trial(10e6, 0.9, 1.0, TrialPhase::warmup)};
  CHECK(!critical_load_estimate_pps(trials, target(0.0)).has_value());
}

TEST_CASE("the mean of the exact values takes every high-loss trial, whatever its duration") {
  // 1 s trials forwarded 5e6 and 6e6, a 60 s trial 7e6: mean 6e6. The
  // low-loss trial (only "at least 4e6") and the warmup do not count.
  const std::vector<TrialRecord> trials{trial(10e6, 0.5), trial(10e6, 0.4), trial(10e6, 0.3, 60.0),
                                        trial(4e6, 0.0), trial(10e6, 0.9, 1.0, TrialPhase::warmup)};
  CHECK(*mean_passing_limit_pps(trials, target(0.0)) == doctest::Approx(6e6));
  // No high-loss trial: no samples of the capacity.
  const std::vector<TrialRecord> passed{trial(4e6, 0.0)};
  CHECK(!mean_passing_limit_pps(passed, target(0.0)).has_value());
}

TEST_CASE("the spread of the exact values of one trial duration") {
  // 1 s trials forwarded 5e6 and 6e6 (mean 5.5e6, sample deviation 7.07e5);
  // the 60 s trial and the low-loss trial do not count.
  const std::vector<TrialRecord> trials{trial(10e6, 0.5), trial(10e6, 0.4), trial(10e6, 0.3, 60.0),
                                        trial(4e6, 0.0)};
  const PassingLimitSpread spread =
      passing_limit_spread(trials, target(0.0), measure::Seconds{1.0});
  CHECK(spread.count == 2);
  CHECK(spread.relative_stddev == doctest::Approx(std::sqrt(0.5e12) / 5.5e6));
  const PassingLimitSpread one = passing_limit_spread(trials, target(0.0), measure::Seconds{60.0});
  CHECK(one.count == 1);
  CHECK(one.relative_stddev == 0.0);
}

TEST_CASE("the normal fit: nothing without a high-loss trial") {
  const std::vector<TrialRecord> trials{trial(1e6, 0.0), trial(2e6, 0.004)};
  CHECK(!normal_fit_median_pps(trials, target(0.005)).has_value());
  CHECK(normal_fit_median_pps(trials, target(0.0)).has_value());
}

TEST_CASE("the normal fit of equal exact values (a deterministic SUT) is that value") {
  // Forwarding rates 6e6 three times; passes below it change nothing.
  const std::vector<TrialRecord> trials{trial(10e6, 0.4), trial(8e6, 0.25), trial(6.5e6, 1.0 / 13),
                                        trial(5e6, 0.0), trial(5.9e6, 0.0)};
  CHECK(*normal_fit_median_pps(trials, target(0.0)) == doctest::Approx(6e6));
}

TEST_CASE("the normal fit: exact values alone give their mean") {
  const std::vector<TrialRecord> trials{trial(10e6, 0.5), trial(10e6, 0.4), trial(10e6, 0.3)};
  CHECK(*normal_fit_median_pps(trials, target(0.0)) == doctest::Approx(6e6));
}

TEST_CASE("the normal fit: low-loss trials above the exact values lift the median") {
  // Exact 5.9e6 and 6.1e6; three passes at 6.05e6 say the capacity was at
  // least that in those trials, so the median is above the exact values' 6e6.
  const std::vector<TrialRecord> trials{trial(10e6, 0.41), trial(10e6, 0.39), trial(6.05e6, 0.0),
                                        trial(6.05e6, 0.0), trial(6.05e6, 0.0)};
  const double median = *normal_fit_median_pps(trials, target(0.0));
  CHECK(median > 6.05e6);
  CHECK(median < 6.5e6);
}

namespace {

/// A trial at 10 Mpps the tester could only send `reached_pps` (8 Mpps) of; the SUT
/// lost `sut_loss` of it.
TrialRecord tester_limited(std::int64_t sut_loss, double reached_pps = 8e6) {
  measure::TrialOutcome outcome;
  outcome.intended_count = 10'000'000;
  outcome.offered_count = static_cast<std::int64_t>(reached_pps);
  outcome.loss_count = sut_loss;
  outcome.tester_limited_pps = reached_pps;
  return {0, TrialPhase::main, measure::Seconds{0.0},
          measure::TrialResult::from_outcome(10e6, measure::Seconds{1.0}, outcome)};
}

}  // namespace

TEST_CASE("a tester-limited trial is a capacity sample only when the SUT dropped frames too") {
  // The SUT forwarded 6 of the 8 Mfps it was offered: saturated, a sample at 6e6.
  const std::vector<TrialRecord> saturated{tester_limited(2'000'000)};
  CHECK(*exact_load_pps(saturated.front(), target(0.0)) == doctest::Approx(6e6));
  CHECK(*critical_load_estimate_pps(saturated, target(0.0)) == doctest::Approx(6e6));
  CHECK(*normal_fit_median_pps(saturated, target(0.0)) == doctest::Approx(6e6));
  // 0.4 % of what it was offered: more than NDR's 0, not more than PDR's 0.5 %.
  const std::vector<TrialRecord> slight{tester_limited(32'000)};
  CHECK(exact_load_pps(slight.front(), target(0.0)).has_value());
  CHECK_FALSE(exact_load_pps(slight.front(), target(0.005)).has_value());
  // It forwarded all 8 Mfps: only the tester's limit shows, nothing of the SUT's.
  const std::vector<TrialRecord> forwarded{tester_limited(0)};
  CHECK_FALSE(exact_load_pps(forwarded.front(), target(0.0)).has_value());
  // The saturated trial's passing limit is its exact value, not the tester's reach.
  CHECK(*passing_limit_pps(saturated.front(), target(0.0)) == doctest::Approx(6e6));
}

TEST_CASE("a tester-limited trial the SUT took in full: the rate the tester reached") {
  // The SUT forwarded all the 8 Mfps the tester managed at 10 Mpps: the trial
  // would have passed at 8 Mpps (no goal passes above what the tester offers),
  // so that is the estimate when there is no other...
  const std::vector<TrialRecord> forwarded{tester_limited(0)};
  CHECK(*passing_limit_pps(forwarded.front(), target(0.0)) == 8e6);
  CHECK_FALSE(exact_load_pps(forwarded.front(), target(0.0)).has_value());
  CHECK(*critical_load_estimate_pps(forwarded, target(0.0)) == 8e6);
  CHECK(*normal_fit_median_pps(forwarded, target(0.0)) == 8e6);
  CHECK(*mean_passing_limit_pps(forwarded, target(0.0)) == 8e6);
  // ... and one value among the others, not a cap on them: a tester's reach
  // varies from trial to trial, so this one sent 9.5 Mpps in full once, and the
  // SUT took 9 Mpps of it.
  std::vector<TrialRecord> trials{tester_limited(0), trial(9.5e6, 1.0 - 9.0 / 9.5)};
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == doctest::Approx(8.5e6));
  CHECK(*normal_fit_median_pps(trials, target(0.0)) == doctest::Approx(8.5e6));
  CHECK(*mean_passing_limit_pps(trials, target(0.0)) == doctest::Approx(8.5e6));
  trials.back() = trial(7.5e6, 1.0 - 7.0 / 7.5);
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == doctest::Approx(7.5e6));
  CHECK(*mean_passing_limit_pps(trials, target(0.0)) == doctest::Approx(7.5e6));
  // Trials the tester sent in full and that passed: "at least" their loads,
  // as any low-loss trial.
  trials.push_back(trial(7.9e6, 0.0));
  CHECK_FALSE(passing_limit_pps(trials.back(), target(0.0)).has_value());
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == 8e6);
  const double without = *normal_fit_median_pps(trials, target(0.0));
  trials.push_back(trial(8.5e6, 0.0));
  CHECK(*normal_fit_median_pps(trials, target(0.0)) > without);
  // A warmup trial's limit does not count (its result is not used).
  std::vector<TrialRecord> warmup{tester_limited(0)};
  warmup.front().phase = TrialPhase::warmup;
  CHECK_FALSE(passing_limit_pps(warmup.front(), target(0.0)).has_value());
  CHECK_FALSE(critical_load_estimate_pps(warmup, target(0.0)).has_value());
  CHECK_FALSE(normal_fit_median_pps(warmup, target(0.0)).has_value());
  CHECK_FALSE(mean_passing_limit_pps(warmup, target(0.0)).has_value());
}

TEST_CASE("a tester whose reach varies: its reaches are samples, and their spread shows") {
  // Capped at the lowest reach, the estimates fell with every trial (the stand,
  // both directions: one search crept down for 219 trials); capped at the median
  // reach, they stayed below where half of the trials fall short (one search of
  // 178 trials). Taken as samples, they are where the trials would have passed.
  std::vector<TrialRecord> trials{tester_limited(0, 7.9e6), tester_limited(0, 8.1e6),
                                  tester_limited(0, 7.7e6), tester_limited(0, 8.0e6),
                                  tester_limited(0, 8.3e6)};
  CHECK(*critical_load_estimate_pps(trials, target(0.0)) == 8.0e6);
  CHECK(*normal_fit_median_pps(trials, target(0.0)) == doctest::Approx(8.0e6));
  CHECK(*mean_passing_limit_pps(trials, target(0.0)) == doctest::Approx(8.0e6));
  // A spread of 2.8 %, more than a 0.5 % goal width: the RFC 2544 goal's
  // noisy path, as on a SUT whose capacity varies by as much.
  const PassingLimitSpread spread = passing_limit_spread(trials, target(0.0), std::nullopt);
  CHECK(spread.count == 5);
  CHECK(spread.relative_stddev == doctest::Approx(0.02795).epsilon(0.001));
  // Trials the tester sent in full below the reaches pull the median up, as low-loss
  // trials do on a noisy SUT.
  const double before = *normal_fit_median_pps(trials, target(0.0));
  trials.push_back(trial(7.95e6, 0.0));
  trials.push_back(trial(8.05e6, 0.0));
  CHECK(*normal_fit_median_pps(trials, target(0.0)) > before);
}
