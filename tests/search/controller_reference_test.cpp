#include <doctest/doctest.h>

#include <span>
#include <string>
#include <vector>

#include "search/controller.hpp"
#include "tests/search/fake_sut.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {

#include "reference_cases.inc"

SearchGoal csit_goal(double loss_ratio) {
  SearchGoal goal;  // defaults: exceed 0.5, width 0.5 %, 1 s trials, sum 21 s, 2 preceding
  goal.loss_ratio = loss_ratio;
  return goal;
}

SearchGoal rfc2544_goal() {
  SearchGoal goal;
  goal.exceed_ratio = 0.0;
  goal.final_trial_duration = measure::Seconds{60.0};
  goal.duration_sum = measure::Seconds{60.0};
  return goal;
}

SearchGoal without_fail_fast(SearchGoal goal) {
  goal.fail_fast = false;
  return goal;
}

struct Case {
  std::vector<SearchGoal> goals;
  double min_load = 9001.0;
  double max_load = 14880952.0;
  double warmup = 0.0;
};

SearchResult run(const Case& scenario, testing::FakeSut& sut, measure::ManualClock& clock) {
  ControllerConfig config;
  config.goals = scenario.goals;
  config.min_load_pps = scenario.min_load;
  config.max_load_pps = scenario.max_load;
  config.search_duration_max = measure::Seconds{1e9};
  config.warmup_duration = measure::Seconds{scenario.warmup};
  // The reference's load selection: these are its recorded trials.
  config.strategy = SelectionStrategy::csit;
  return Controller(config, clock).search(sut);
}

template <std::size_t N>
void check_trials(const testing::FakeSut& sut, const double (&expected)[N][2]) {
  REQUIRE(sut.trials().size() == N);
  for (std::size_t i = 0; i < N; ++i) {
    INFO("trial index " << i);
    // Exact: the loads come from the same grid arithmetic as the reference's.
    CHECK(sut.trials()[i][0] == expected[i][0]);
    CHECK(sut.trials()[i][1] == expected[i][1]);
  }
}

template <std::size_t N>
void check_goals(const SearchResult& result, const double (&expected)[N][3]) {
  REQUIRE(result.goals.size() == N);
  for (std::size_t i = 0; i < N; ++i) {
    INFO("goal index " << i);
    const GoalResult& goal = result.goals[i];
    CHECK(goal.relevant_lower_bound_pps.value_or(-1.0) == expected[i][0]);
    CHECK(goal.relevant_upper_bound_pps.value_or(-1.0) == expected[i][1]);
    CHECK(goal.conditional_throughput_pps.value_or(-1.0) ==
          doctest::Approx(expected[i][2]).epsilon(1e-12));
  }
}

}  // namespace

TEST_CASE("sharp SUT with CSIT NDR and PDR: the reference's 35 trials, exactly") {
  measure::ManualClock clock;
  testing::FakeSut sut(10e6, clock);
  const SearchResult result = run({{csit_goal(0.0), csit_goal(0.005)}}, sut, clock);
  check_trials(sut, k_sharp_ndr_pdr_trials);
  check_goals(result, k_sharp_ndr_pdr_goals);
  CHECK(result.stop_reason == StopReason::completed);
  CHECK(result.goals[0].regular());
  CHECK(result.goals[1].regular());
  // Conditional throughput within one goal width of the true capacity.
  CHECK(std::abs(*result.goals[0].conditional_throughput_pps - 10e6) / 10e6 <= 0.005);
  CHECK(std::abs(*result.goals[1].conditional_throughput_pps - 10e6) / 10e6 <= 0.005);
  CHECK(result.trial_duration_sum() == measure::Seconds{35.0});
  CHECK(result.search_duration == measure::Seconds{35.0});
}

TEST_CASE("capacity above max load: 11 trials at max load, irregular 'max load is a lower bound'") {
  measure::ManualClock clock;
  testing::FakeSut sut(20e6, clock);
  const SearchResult result = run({{csit_goal(0.0), csit_goal(0.005)}}, sut, clock);
  check_trials(sut, k_max_load_passes_trials);
  check_goals(result, k_max_load_passes_goals);
  CHECK(result.stop_reason == StopReason::completed);
  CHECK(result.goals[0].irregularity == Irregularity::max_load_is_lower_bound);
}

TEST_CASE("capacity below min load without fail-fast: irregular 'min load is an upper bound'") {
  measure::ManualClock clock;
  testing::FakeSut sut(5000.0, clock);
  const SearchResult result =
      run({{without_fail_fast(csit_goal(0.0)), without_fail_fast(csit_goal(0.005))}}, sut, clock);
  check_trials(sut, k_min_load_fails_no_ff_trials);
  check_goals(result, k_min_load_fails_no_ff_goals);
  CHECK(result.goals[1].irregularity == Irregularity::min_load_is_upper_bound);
}

TEST_CASE("capacity below min load with fail-fast: the reference's trials, then a clear stop") {
  measure::ManualClock clock;
  testing::FakeSut sut(5000.0, clock);
  const SearchResult result = run({{csit_goal(0.0), csit_goal(0.005)}}, sut, clock);
  check_trials(sut, k_min_load_fails_ff_trials);
  CHECK(result.stop_reason == StopReason::fail_fast);
  CHECK(result.stop_detail.find("min load 9001 pps is an upper bound") != std::string::npos);
  CHECK(result.goals[0].irregularity == Irregularity::min_load_is_upper_bound);
  CHECK(result.goals[1].irregularity == Irregularity::stopped_by_fail_fast);
}

TEST_CASE("RFC 2544 goal: 7 trials, as the reference") {
  measure::ManualClock clock;
  testing::FakeSut sut(3.3e6, clock);
  const SearchResult result = run({{rfc2544_goal()}}, sut, clock);
  check_trials(sut, k_rfc2544_trials);
  check_goals(result, k_rfc2544_goals);
  CHECK(result.goals[0].regular());
}

TEST_CASE("a loss floor fails NDR fast; the partial PDR result is kept and marked") {
  measure::ManualClock clock;
  testing::FakeSut sut(7.5e6, clock);
  sut.loss_floor(0.001);
  const SearchResult result = run({{csit_goal(0.0), csit_goal(0.005)}}, sut, clock);
  check_trials(sut, k_lossy_floor_trials);
  CHECK(result.stop_reason == StopReason::fail_fast);
  CHECK(result.goals[1].irregularity == Irregularity::stopped_by_fail_fast);
  CHECK(result.goals[1].relevant_lower_bound_pps);  // bounds found so far are returned
}

TEST_CASE("a loss floor without fail-fast: NDR irregular, PDR regular, as the reference") {
  measure::ManualClock clock;
  testing::FakeSut sut(7.5e6, clock);
  sut.loss_floor(0.001);
  const SearchResult result =
      run({{without_fail_fast(csit_goal(0.0)), csit_goal(0.005)}}, sut, clock);
  check_trials(sut, k_lossy_floor_no_ff_trials);
  check_goals(result, k_lossy_floor_no_ff_goals);
  CHECK(result.goals[1].regular());
}

TEST_CASE("a capacity that wobbles from trial to trial: the reference's 75 trials") {
  measure::ManualClock clock;
  testing::FakeSut sut(6.1e6, clock);
  sut.wobbly();
  const SearchResult result = run({{csit_goal(0.0), csit_goal(0.005)}}, sut, clock);
  check_trials(sut, k_wobbly_ndr_pdr_trials);
  check_goals(result, k_wobbly_ndr_pdr_goals);
}

TEST_CASE("three goals of different widths and durations, with warmup: as the reference") {
  SearchGoal fine = csit_goal(0.0);
  fine.relative_width = 0.001;
  SearchGoal coarse = csit_goal(0.005);
  coarse.relative_width = 0.01;
  coarse.final_trial_duration = measure::Seconds{2.0};
  coarse.duration_sum = measure::Seconds{10.0};
  coarse.preceding_targets = 1;
  SearchGoal lossy = csit_goal(0.02);
  lossy.exceed_ratio = 0.2;
  lossy.expansion_coefficient = 3;
  measure::ManualClock clock;
  testing::FakeSut sut(2.345e6, clock);
  sut.wobbly();
  const SearchResult result = run({{fine, coarse, lossy}, 10000.0, 1e8, 1.0}, sut, clock);
  check_trials(sut, k_three_goals_warmup_trials);
  check_goals(result, k_three_goals_warmup_goals);
  REQUIRE_FALSE(result.trials.empty());
  CHECK(result.trials[0].phase == TrialPhase::warmup);
  CHECK(result.trials[1].phase == TrialPhase::initial);
  CHECK(result.trials.back().phase == TrialPhase::main);
}
