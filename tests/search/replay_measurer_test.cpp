#include <doctest/doctest.h>

#include <stop_token>
#include <vector>

#include "measure/errors.hpp"
#include "measure/replay_measurer.hpp"
#include "search/controller.hpp"
#include "tests/search/fake_sut.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {

ControllerConfig config() {
  ControllerConfig result;
  SearchGoal pdr;
  pdr.loss_ratio = 0.005;
  result.goals = {SearchGoal{}, pdr};
  result.min_load_pps = 9001.0;
  result.max_load_pps = 14880952.0;
  return result;
}

/// Records what the wrapped measurer answers, as a store would.
class Recorder final : public measure::Measurer {
 public:
  explicit Recorder(measure::Measurer& inner) : inner_(inner) {}
  measure::TrialOutcome measure(measure::Seconds duration, double load,
                                std::stop_token stop) override {
    measure::TrialOutcome outcome = inner_.measure(duration, load, stop);
    recorded.push_back({load, duration, outcome});
    return outcome;
  }
  std::vector<measure::RecordedTrial> recorded;

 private:
  measure::Measurer& inner_;
};

}  // namespace

TEST_CASE(
    "a search resumed from stored trials equals the uninterrupted search, nothing measured twice") {
  measure::ManualClock clock;
  testing::FakeSut reference_sut(10e6, clock);
  const SearchResult uninterrupted = Controller(config(), clock).search(reference_sut);

  // Interrupt after 12 trials (warmup included), keeping what was stored.
  measure::ManualClock first_clock;
  testing::FakeSut first_sut(10e6, first_clock);
  Recorder recorder(first_sut);
  std::stop_source stop;
  SearchHooks hooks;
  hooks.on_trial = [&](const TrialRecord& trial, std::span<const GoalProgress>) {
    if (trial.number == 12) stop.request_stop();
  };
  const SearchResult interrupted =
      Controller(config(), first_clock).search(recorder, stop.get_token(), hooks);
  REQUIRE(interrupted.stop_reason == StopReason::cancelled);
  REQUIRE(recorder.recorded.size() == 12);

  measure::ManualClock second_clock;
  testing::FakeSut second_sut(10e6, second_clock);
  measure::ReplayMeasurer replay(recorder.recorded, second_sut);
  const SearchResult resumed = Controller(config(), second_clock).search(replay);
  CHECK(replay.finished_replay());
  CHECK(second_sut.trials().size() == uninterrupted.trials.size() - 12);
  REQUIRE(resumed.trials.size() == uninterrupted.trials.size());
  for (std::size_t i = 0; i < resumed.trials.size(); ++i) {
    CHECK(resumed.trials[i].result.intended_load_pps() ==
          uninterrupted.trials[i].result.intended_load_pps());
  }
  CHECK(resumed.goals[1].conditional_throughput_pps ==
        uninterrupted.goals[1].conditional_throughput_pps);
}

TEST_CASE("replay refuses to continue when the search asks for something else") {
  measure::ManualClock clock;
  testing::FakeSut sut(10e6, clock);
  measure::TrialOutcome outcome;
  outcome.offered_count = 100;
  measure::ReplayMeasurer replay({{12345.0, measure::Seconds{1.0}, outcome}}, sut);
  CHECK_THROWS_WITH_AS(replay.measure(measure::Seconds{1.0}, 999.0, {}),
                       doctest::Contains("stored trial 1 was 12345 pps for 1 s"),
                       measure::MeasurementError);
  CHECK(sut.trials().empty());
}
