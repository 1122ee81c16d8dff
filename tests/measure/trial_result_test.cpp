#include <doctest/doctest.h>

#include "measure/errors.hpp"
#include "measure/trial_result.hpp"

using namespace trexsearch;

namespace {
measure::TrialOutcome counts(std::int64_t offered, std::int64_t loss,
                             std::optional<std::int64_t> intended = {}) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered;
  outcome.loss_count = loss;
  outcome.intended_count = intended;
  return outcome;
}
}  // namespace

TEST_CASE("loss ratio is lost over offered when everything intended was sent") {
  const auto trial =
      measure::TrialResult::from_outcome(1e6, measure::Seconds{1.0}, counts(1000000, 2500));
  CHECK(trial.loss_ratio() == doctest::Approx(0.0025).epsilon(1e-15));
  CHECK(trial.counts()->forwarded() == 997500);
  CHECK(trial.effective_duration() == measure::Seconds{1.0});
  CHECK(trial.forwarding_rate_pps() == doctest::Approx(997500.0));
}

TEST_CASE("unsent frames count as lost, over the intended count") {
  // 100 intended, 90 sent, 5 lost: (5 + 10) / 100.
  const auto trial =
      measure::TrialResult::from_outcome(100.0, measure::Seconds{1.0}, counts(90, 5, 100));
  CHECK(trial.loss_ratio() == doctest::Approx(0.15).epsilon(1e-15));
  CHECK(trial.counts()->unsent() == 10);
}

TEST_CASE("duplicated frames (negative loss) count as loss") {
  const auto trial =
      measure::TrialResult::from_outcome(100.0, measure::Seconds{1.0}, counts(100, -3));
  CHECK(trial.loss_ratio() == doctest::Approx(0.03).epsilon(1e-15));
}

TEST_CASE("absurd duplicate counts cap the loss ratio at one") {
  const auto trial =
      measure::TrialResult::from_outcome(100.0, measure::Seconds{1.0}, counts(100, -300));
  CHECK(trial.loss_ratio() == 1.0);
  CHECK(trial.forwarding_rate_pps() == 0.0);
}

TEST_CASE("a trial that sent nothing and intended nothing has zero loss ratio") {
  CHECK(measure::TrialResult::from_outcome(1.0, measure::Seconds{1.0}, counts(0, 0)).loss_ratio() ==
        0.0);
}

TEST_CASE("the effective duration defaults to the intended one and is kept when given") {
  measure::TrialOutcome outcome = counts(10, 0);
  outcome.effective_duration = measure::Seconds{1.5};
  CHECK(measure::TrialResult::from_outcome(10.0, measure::Seconds{1.0}, outcome)
            .effective_duration() == measure::Seconds{1.5});
}

TEST_CASE("invalid measurer results are rejected with the offending value") {
  CHECK_THROWS_WITH_AS(
      measure::TrialResult::from_outcome(10.0, measure::Seconds{1.0}, counts(-1, 0)),
      doctest::Contains("offered count must not be negative, got -1"), measure::MeasurementError);
  CHECK_THROWS_WITH_AS(
      measure::TrialResult::from_outcome(10.0, measure::Seconds{1.0}, counts(1, 0, -5)),
      doctest::Contains("got -5"), measure::MeasurementError);
  measure::TrialOutcome outcome = counts(1, 0);
  outcome.effective_duration = measure::Seconds{-2.0};
  CHECK_THROWS_WITH_AS(measure::TrialResult::from_outcome(10.0, measure::Seconds{1.0}, outcome),
                       doctest::Contains("effective duration"), measure::MeasurementError);
  CHECK_THROWS_AS(measure::TrialResult::from_outcome(0.0, measure::Seconds{1.0}, counts(1, 0)),
                  measure::MeasurementError);
  CHECK_THROWS_WITH_AS(measure::TrialResult::from_loss_ratio(10.0, measure::Seconds{1.0},
                                                             measure::Seconds{1.0}, 1.5),
                       doctest::Contains("between 0 and 1, got 1.5"), measure::MeasurementError);
}
