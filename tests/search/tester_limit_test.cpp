// The tester-limited rule (docs/trials.md) and per-direction loss in the search's own
// terms: a trial the tester could not offer never passes, directions add up, and a
// worst-direction goal judges by the slower direction.
#include <doctest/doctest.h>

#include "measure/errors.hpp"
#include "measure/trial_result.hpp"
#include "search/load_classification.hpp"
#include "search/tester_limit.hpp"
#include "search/trial_analysis.hpp"

using namespace trexsearch;

namespace {

measure::DirectionCounts direction(const char* name, std::int64_t intended, std::int64_t offered,
                                   std::int64_t received) {
  return {name, intended, offered, received};
}

// Two directions at `load`: the second loses `lost_reverse` of 1000 frames.
measure::TrialOutcome two_directions(std::int64_t lost_reverse, std::int64_t unsent_forward = 0) {
  measure::TrialOutcome outcome;
  outcome.directions = {direction("0->1", 1000, 1000 - unsent_forward, 1000 - unsent_forward),
                        direction("1->0", 1000, 1000, 1000 - lost_reverse)};
  for (const measure::DirectionCounts& d : outcome.directions) {
    outcome.offered_count += d.offered;
    outcome.loss_count += d.loss();
  }
  outcome.intended_count = 2000;
  return outcome;
}

}  // namespace

TEST_CASE("a tester-limited trial classifies as full loss but keeps its measured counts") {
  measure::TrialOutcome outcome = two_directions(0, 3);  // 0.3 % short in one direction
  outcome.tester_limited_pps = 997.0;
  const measure::TrialResult trial =
      measure::TrialResult::from_outcome(1000.0, measure::Seconds{1.0}, outcome);
  CHECK(trial.tester_limited());
  CHECK(trial.loss_ratio() == 1.0);
  CHECK(trial.loss_ratio(measure::LossScope::worst_direction) == 1.0);
  CHECK(trial.measured_loss_ratio() == doctest::Approx(3.0 / 2000.0));
  // What got through, not zero: the initial phase places its next load from it.
  CHECK(trial.forwarding_rate_pps() == doctest::Approx(1000.0 * (1.0 - 3.0 / 2000.0)));
  // Such a trial is high-loss even for a goal tolerating 50 % loss.
  mlr::TargetTally tally(
      {0.5, 0.5, measure::Seconds{1.0}, measure::Seconds{1.0}, measure::LossScope::aggregate});
  tally.add(trial);
  CHECK(tally.sums().full_length_high_loss == measure::Seconds{1.0});
  CHECK(tally.classification() == mlr::LoadClass::upper_bound);
}

TEST_CASE("the worst direction's loss ratio is the slower direction's") {
  const measure::TrialResult trial =
      measure::TrialResult::from_outcome(1000.0, measure::Seconds{1.0}, two_directions(100));
  CHECK(trial.loss_ratio() == doctest::Approx(100.0 / 2000.0));
  CHECK(trial.loss_ratio(measure::LossScope::worst_direction) == doctest::Approx(0.1));
  mlr::TargetTally aggregate(
      {0.06, 0.5, measure::Seconds{1.0}, measure::Seconds{1.0}, measure::LossScope::aggregate});
  mlr::TargetTally worst({0.06, 0.5, measure::Seconds{1.0}, measure::Seconds{1.0},
                          measure::LossScope::worst_direction});
  aggregate.add(trial);
  worst.add(trial);
  CHECK(aggregate.classification() == mlr::LoadClass::lower_bound);
  CHECK(worst.classification() == mlr::LoadClass::upper_bound);
  // Without per-direction counts the worst direction is the aggregate.
  measure::TrialOutcome totals;
  totals.offered_count = 2000;
  totals.loss_count = 100;
  CHECK(measure::TrialResult::from_outcome(1000.0, measure::Seconds{1.0}, totals)
            .loss_ratio(measure::LossScope::worst_direction) == doctest::Approx(0.05));
}

TEST_CASE("per-direction counts must add up to the totals") {
  measure::TrialOutcome outcome = two_directions(10);
  outcome.loss_count += 1;
  CHECK_THROWS_WITH_AS(measure::TrialResult::from_outcome(1000.0, measure::Seconds{1.0}, outcome),
                       doctest::Contains("do not add up"), measure::MeasurementError);
  outcome = two_directions(10);
  outcome.directions[0].received = -1;
  outcome.loss_count = outcome.directions[0].loss() + outcome.directions[1].loss();
  CHECK_THROWS_WITH_AS(measure::TrialResult::from_outcome(1000.0, measure::Seconds{1.0}, outcome),
                       doctest::Contains("negative count"), measure::MeasurementError);
  outcome = two_directions(0);
  outcome.tester_limited_pps = -5.0;
  CHECK_THROWS_AS(measure::TrialResult::from_outcome(1000.0, measure::Seconds{1.0}, outcome),
                  measure::MeasurementError);
}

TEST_CASE("a goal result names the tester limit when tester-limited trials made its upper bound") {
  mlr::SearchGoal goal;
  goal.name = "PDR";
  goal.loss_ratio = 0.005;
  goal.duration_sum = measure::Seconds{1.0};
  goal.initial_trial_duration = measure::Seconds{1.0};
  goal.preceding_targets = 0;
  std::vector<measure::TrialResult> trials;
  measure::TrialOutcome clean;
  clean.offered_count = 1000;
  trials.push_back(measure::TrialResult::from_outcome(1000.0, measure::Seconds{1.0}, clean));
  measure::TrialOutcome short_of_frames;
  short_of_frames.offered_count = 1990;  // 0.5 % short: would pass a 0.5 % PDR on counts
  short_of_frames.intended_count = 2000;
  short_of_frames.tester_limited_pps = 1980.0;
  trials.push_back(
      measure::TrialResult::from_outcome(2000.0, measure::Seconds{1.0}, short_of_frames));
  const auto results = mlr::analyze_trials({goal}, trials, std::nullopt);
  REQUIRE(results.size() == 1);
  CHECK(*results[0].relevant_lower_bound_pps == 1000.0);
  CHECK(*results[0].relevant_upper_bound_pps == 2000.0);
  REQUIRE(results[0].tester_limit);
  CHECK(results[0].tester_limit->trials == 1);
  CHECK(results[0].tester_limit->reached_pps == 1980.0);
  CHECK(results[0].regular() == false);  // too wide, but the point is the limit
  CHECK_FALSE(results[0].clean());
  CHECK_FALSE(mlr::tester_limit_at(trials, 1000.0));
}
