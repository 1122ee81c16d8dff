// The fast load-selection strategy (search/fast/): what it may change (which
// loads, how long) and what it may not (the results the analysis gives).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "measure/errors.hpp"
#include "search/controller.hpp"
#include "search/selection_strategy.hpp"
#include "search/trial_analysis.hpp"
#include "tests/search/fake_sut.hpp"
#include "tests/search/fast_rig.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;
using namespace trexsearch::mlr::fast_rig;

TEST_CASE("fast is the controller's default strategy (issue #31)") {
  CHECK(ControllerConfig{}.strategy == SelectionStrategy::fast);
}

TEST_CASE("strategy names parse, and an unknown one is a ConfigError naming field and value") {
  CHECK(parse_selection_strategy("csit", "strategy") == SelectionStrategy::csit);
  CHECK(parse_selection_strategy("fast", "strategy") == SelectionStrategy::fast);
  CHECK(to_string(SelectionStrategy::fast) == "fast");
  try {
    parse_selection_strategy("Fast", "strategy");
    FAIL("no error");
  } catch (const measure::ConfigError& error) {
    CHECK(error.field() == "strategy");
    CHECK(std::string(error.what()).find("\"Fast\"") != std::string::npos);
    CHECK(std::string(error.what()).find("csit, fast") != std::string::npos);
  }
}

TEST_CASE("fast on a sharp SUT: NDR and PDR regular, within one width of the capacity") {
  const ControllerConfig config = config_for({ndr_goal(), pdr_goal()}, SelectionStrategy::fast);
  const double capacity = 10e6;
  const SearchResult result = search_fake_sut(config, capacity);
  CHECK(result.stop_reason == StopReason::completed);
  REQUIRE(result.goals.size() == 2);
  for (const GoalResult& goal : result.goals) {
    CAPTURE(goal.label);
    REQUIRE(goal.regular());
    REQUIRE(goal.conditional_throughput_pps);
    CHECK(std::fabs(*goal.conditional_throughput_pps - capacity) / capacity <= 0.005);
  }
  check_results_are_the_analysis(config, result);
}

TEST_CASE("fast's first trial is at max load, for the forwarding rate to start from") {
  const SearchResult result =
      search_fake_sut(config_for({ndr_goal()}, SelectionStrategy::fast), 3e6);
  REQUIRE(!result.trials.empty());
  CHECK(result.trials.front().result.intended_load_pps() == 14880952.0);
  CHECK(result.trials.front().phase == TrialPhase::initial);
  // The second trial is at the first trial's forwarding rate (rounded down onto
  // the grid), not at a midpoint.
  REQUIRE(result.trials.size() > 1);
  const double second = result.trials[1].result.intended_load_pps();
  CHECK(second <= 3e6);
  CHECK(second > 3e6 * 0.99);
}

TEST_CASE("on a deterministic SUT fast spends fewer trial seconds than csit, same results") {
  struct Scenario {
    std::vector<SearchGoal> goals;
    double capacity_pps;
  };
  const std::vector<Scenario> scenarios{{{ndr_goal(), pdr_goal()}, 10e6},
                                        {{ndr_goal(), pdr_goal()}, 1.3e6},
                                        {{rfc2544_goal()}, 10e6},
                                        {{rfc2544_goal()}, 2.2e6}};
  for (const Scenario& scenario : scenarios) {
    CAPTURE(scenario.capacity_pps);
    CAPTURE(scenario.goals.front().name);
    const ControllerConfig csit = config_for(scenario.goals, SelectionStrategy::csit);
    const ControllerConfig fast = config_for(scenario.goals, SelectionStrategy::fast);
    const SearchResult by_csit = search_fake_sut(csit, scenario.capacity_pps);
    const SearchResult by_fast = search_fake_sut(fast, scenario.capacity_pps);
    CHECK(by_fast.trial_duration_sum() < by_csit.trial_duration_sum());
    for (std::size_t goal = 0; goal < by_fast.goals.size(); ++goal) {
      CHECK(by_fast.goals[goal].regular());
      CHECK(by_fast.goals[goal].conditional_throughput_pps ==
            by_csit.goals[goal].conditional_throughput_pps);
    }
    check_results_are_the_analysis(fast, by_fast);
  }
}

TEST_CASE("NDR+PDR: max load, undecided for the finer targets, is not measured again") {
  // Deciding it for the 4.58 s target would cost up to three more trials far
  // above the critical load, narrowing nothing there.
  const ControllerConfig config = config_for({ndr_goal(), pdr_goal()}, SelectionStrategy::fast);
  for (const bool wobbly : {false, true}) {
    CAPTURE(wobbly);
    const SearchResult result = search_fake_sut(config, 10e6, wobbly);
    CHECK(trials_at(result, config.max_load_pps).first == 1);
    for (const GoalResult& goal : result.goals) CHECK(goal.regular());
    check_results_are_the_analysis(config, result);
  }
}

TEST_CASE("fast on a wobbling SUT reaches regular results the analysis agrees with") {
  const ControllerConfig config = config_for({ndr_goal(), pdr_goal()}, SelectionStrategy::fast);
  const SearchResult result = search_fake_sut(config, 10e6, /*wobbly=*/true);
  CHECK(result.stop_reason == StopReason::completed);
  for (const GoalResult& goal : result.goals) {
    CAPTURE(goal.label);
    CHECK(goal.regular());
  }
  check_results_are_the_analysis(config, result);
}

TEST_CASE("fast with a loss floor: NDR has no lower bound (irregular), PDR is regular") {
  const ControllerConfig config = config_for({ndr_goal(), pdr_goal()}, SelectionStrategy::fast);
  const SearchResult result = search_fake_sut(config, 10e6, false, /*loss_floor=*/0.001);
  CHECK(result.stop_reason == StopReason::completed);
  CHECK(result.goals[0].irregularity == Irregularity::min_load_is_upper_bound);
  CHECK(result.goals[1].regular());
  check_results_are_the_analysis(config, result);
}

TEST_CASE("fast with a loss floor: after NDR's first downward miss, one trial at min load") {
  const ControllerConfig config = config_for({ndr_goal(), pdr_goal()}, SelectionStrategy::fast);
  const SearchResult result = search_fake_sut(config, 10e6, false, /*loss_floor=*/0.001);
  REQUIRE(result.trials.size() > 2);
  // Max load, then NDR's estimate (lost: the floor), then min load, not a
  // descent doubling its way down.
  CHECK(result.trials[1].result.intended_load_pps() > 10e6 * 0.99);
  CHECK(result.trials[2].result.intended_load_pps() == 9001.0);
  // The oracle's count: max load, 11 trials at min load, 11 at each PDR bound,
  // plus the one miss.
  CHECK(result.trials.size() == 35);
  check_results_are_the_analysis(config, result);
}

TEST_CASE("a SUT that passes at min load after a downward miss costs fast one short trial") {
  const ControllerConfig config = config_for({ndr_goal(), pdr_goal()}, SelectionStrategy::fast);
  measure::ManualClock clock;
  testing::FakeSut sut(10e6, clock);
  // The first trial forwards 0.3 % more than the second, which then misses.
  sut.alternating(0.003);
  const SearchResult result = Controller(config, clock).search(sut);
  CHECK(result.stop_reason == StopReason::completed);
  const auto at_min_load = std::count_if(sut.trials().begin(), sut.trials().end(),
                                         [](const auto& trial) { return trial[0] == 9001.0; });
  CHECK(at_min_load == 1);
  for (const GoalResult& goal : result.goals) {
    CAPTURE(goal.label);
    CHECK(goal.regular());
  }
  check_results_are_the_analysis(config, result);
}

TEST_CASE("fast fails fast when min load is an upper bound and the goal asks for it") {
  SearchGoal goal = ndr_goal();
  goal.fail_fast = true;
  const SearchResult result = search_fake_sut(config_for({goal}, SelectionStrategy::fast), 5000.0);
  CHECK(result.stop_reason == StopReason::fail_fast);
  CHECK(result.stop_detail.find("min load 9001 pps is an upper bound") != std::string::npos);
}

TEST_CASE("fast honours search_duration_max: stops before the next trial, bounds so far kept") {
  ControllerConfig config = config_for({ndr_goal(), pdr_goal()}, SelectionStrategy::fast);
  config.search_duration_max = measure::Seconds{10.0};
  const SearchResult result = search_fake_sut(config, 10e6);
  CHECK(result.stop_reason == StopReason::search_time_exceeded);
  CHECK(result.trials.size() == 10);  // 1 s trials, checked before each trial
  for (const GoalResult& goal : result.goals) {
    CHECK(goal.irregularity == Irregularity::search_time_exceeded);
  }
}

TEST_CASE("fast with warmup: the warmup trial is measured first and counts for no goal") {
  ControllerConfig config = config_for({ndr_goal()}, SelectionStrategy::fast);
  config.warmup_duration = measure::Seconds{2.0};
  const SearchResult result = search_fake_sut(config, 4e6);
  REQUIRE(result.trials.size() > 2);
  CHECK(result.trials[0].phase == TrialPhase::warmup);
  CHECK(result.trials[1].phase == TrialPhase::initial);
  CHECK(result.goals.front().regular());
  check_results_are_the_analysis(config, result);
}
