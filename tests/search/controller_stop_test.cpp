#include <doctest/doctest.h>

#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "measure/errors.hpp"
#include "search/controller.hpp"
#include "tests/search/fake_sut.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {

ControllerConfig ndr_pdr_config() {
  ControllerConfig config;
  SearchGoal ndr;
  ndr.name = "NDR";
  SearchGoal pdr = ndr;
  pdr.name = "PDR";
  pdr.loss_ratio = 0.005;
  config.goals = {ndr, pdr};
  config.min_load_pps = 9001.0;
  config.max_load_pps = 14880952.0;
  config.warmup_duration = measure::Seconds{0.0};
  // The trial counts below are the reference's load selection (35 on a sharp SUT).
  config.strategy = SelectionStrategy::csit;
  return config;
}

/// Fails on the given trial number (1-based), otherwise forwards to a sharp SUT.
class FailingMeasurer final : public measure::Measurer {
 public:
  FailingMeasurer(int fail_on, measure::ManualClock& clock)
      : fail_on_(fail_on), sut_(10e6, clock) {}
  measure::TrialOutcome measure(measure::Seconds duration, double load,
                                std::stop_token stop) override {
    if (++count_ == fail_on_) throw std::runtime_error("TRex port 0 went down");
    return sut_.measure(duration, load, stop);
  }

 private:
  int fail_on_;
  int count_ = 0;
  testing::FakeSut sut_;
};

}  // namespace

TEST_CASE("when search_duration_max runs out the bounds so far come back, marked irregular") {
  ControllerConfig config = ndr_pdr_config();
  config.search_duration_max = measure::Seconds{20.0};
  measure::ManualClock clock;
  testing::FakeSut sut(10e6, clock);
  const SearchResult result = Controller(config, clock).search(sut);
  CHECK(result.stop_reason == StopReason::search_time_exceeded);
  CHECK(result.trials.size() == 20);  // 1 s trials, checked before each trial
  CHECK(result.stop_detail.find("search_duration_max of 20 s") != std::string::npos);
  for (const GoalResult& goal : result.goals) {
    CHECK(goal.irregularity == Irregularity::search_time_exceeded);
    CHECK(goal.irregular_reason.find("search stopped before this goal was reached") == 0);
    CHECK(goal.loads.size() >= 3);  // every measured load is still analysed
  }
  // Partial bounds are returned, not thrown away: after 20 s the load just above
  // the capacity is decided for the final targets (sum 21 s): NDR's upper bound,
  // PDR's lower bound.
  CHECK(result.goals[0].relevant_upper_bound_pps == doctest::Approx(10016702.963795548));
  CHECK(result.goals[1].relevant_lower_bound_pps == doctest::Approx(10016702.963795548));
}

TEST_CASE("cancelling through the stop token ends the search with what it has") {
  ControllerConfig config = ndr_pdr_config();
  measure::ManualClock clock;
  testing::FakeSut sut(10e6, clock);
  std::stop_source stop;
  SearchHooks hooks;
  hooks.on_trial = [&](const TrialRecord& trial, std::span<const GoalProgress>) {
    if (trial.number == 5) stop.request_stop();
  };
  const SearchResult result = Controller(config, clock).search(sut, stop.get_token(), hooks);
  CHECK(result.stop_reason == StopReason::cancelled);
  CHECK(result.trials.size() == 5);
  CHECK(result.goals[0].irregularity == Irregularity::cancelled);
}

TEST_CASE("a measurer failure ends the search, names the trial and keeps earlier trials") {
  ControllerConfig config = ndr_pdr_config();
  measure::ManualClock clock;
  FailingMeasurer measurer(4, clock);
  const SearchResult result = Controller(config, clock).search(measurer);
  CHECK(result.stop_reason == StopReason::measurer_failed);
  CHECK(result.trials.size() == 3);
  CHECK(result.stop_detail.find("trial 4 (") != std::string::npos);
  CHECK(result.stop_detail.find("TRex port 0 went down") != std::string::npos);
  CHECK(result.goals[1].irregularity == Irregularity::measurer_failed);
}

TEST_CASE("an invalid measurer result is a measurer failure with the reason") {
  struct Negative final : measure::Measurer {
    measure::TrialOutcome measure(measure::Seconds, double, std::stop_token) override {
      measure::TrialOutcome outcome;
      outcome.offered_count = -7;
      return outcome;
    }
  } measurer;
  measure::ManualClock clock;
  const SearchResult result = Controller(ndr_pdr_config(), clock).search(measurer);
  CHECK(result.stop_reason == StopReason::measurer_failed);
  CHECK(result.stop_detail.find("offered count must not be negative, got -7") != std::string::npos);
  CHECK(result.trials.empty());
}

TEST_CASE("progress is reported after every trial, per goal, with the target depth") {
  ControllerConfig config = ndr_pdr_config();
  measure::ManualClock clock;
  testing::FakeSut sut(10e6, clock);
  std::vector<std::size_t> numbers;
  std::vector<GoalProgress> last;
  SearchHooks hooks;
  hooks.on_trial = [&](const TrialRecord& trial, std::span<const GoalProgress> progress) {
    numbers.push_back(trial.number);
    last.assign(progress.begin(), progress.end());
  };
  const SearchResult result = Controller(config, clock).search(sut, {}, hooks);
  REQUIRE(numbers.size() == result.trials.size());
  CHECK(numbers.front() == 1);
  CHECK(numbers.back() == result.trials.size());
  REQUIRE(last.size() == 2);
  CHECK(last[0].target_depth == 0);
  CHECK(last[0].lower_bound_pps == result.goals[0].relevant_lower_bound_pps);
  CHECK(last[1].upper_bound_pps == result.goals[1].relevant_upper_bound_pps);
}

TEST_CASE("the warmup trial is logged but counts for no goal") {
  ControllerConfig config = ndr_pdr_config();
  config.warmup_duration = measure::Seconds{1.0};
  measure::ManualClock clock;
  testing::FakeSut sut(10e6, clock);
  const SearchResult result = Controller(config, clock).search(sut);
  REQUIRE(result.trials.size() == 36);  // the 35 of the search, plus warmup
  CHECK(result.trials[0].phase == TrialPhase::warmup);
  std::size_t at_max = 0;
  for (const LoadAnalysis& load : result.goals[0].loads) {
    if (load.load_pps == config.max_load_pps) at_max = load.trial_count;
  }
  CHECK(at_max == 1);
}

TEST_CASE("the controller rejects an invalid config before any trial") {
  ControllerConfig config = ndr_pdr_config();
  config.goals[1].exceed_ratio = 1.0;
  measure::ManualClock clock;
  CHECK_THROWS_WITH_AS(Controller(config, clock), doctest::Contains("goals[1].exceed_ratio = 1"),
                       measure::ConfigError);
}
