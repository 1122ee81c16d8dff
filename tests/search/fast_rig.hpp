#pragma once
// The fast strategy tests' goals, controller configuration and checks
// (fast_strategy_test.cpp, fast_rfc2544_test.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "measure/clock.hpp"
#include "search/controller.hpp"
#include "search/trial_analysis.hpp"
#include "sim/sut_measurer.hpp"
#include "sim/sut_model.hpp"
#include "tests/search/fake_sut.hpp"
#include "tests/support/clocked_measurer.hpp"

namespace trexsearch::mlr::fast_rig {

inline SearchGoal ndr_goal() {
  SearchGoal goal;  // defaults: exceed 0.5, width 0.5 %, 1 s trials, sum 21 s, 2 preceding
  goal.name = "NDR";
  goal.fail_fast = false;
  return goal;
}

inline SearchGoal pdr_goal() {
  SearchGoal goal = ndr_goal();
  goal.name = "PDR";
  goal.loss_ratio = 0.005;
  return goal;
}

inline SearchGoal rfc2544_goal() {
  SearchGoal goal = ndr_goal();
  goal.name = "RFC2544";
  goal.exceed_ratio = 0.0;
  goal.final_trial_duration = measure::Seconds{60.0};
  goal.duration_sum = measure::Seconds{60.0};
  return goal;
}

inline ControllerConfig config_for(std::vector<SearchGoal> goals, SelectionStrategy strategy) {
  ControllerConfig config;
  config.goals = std::move(goals);
  config.min_load_pps = 9001.0;
  config.max_load_pps = 14880952.0;
  config.warmup_duration = measure::Seconds{0.0};
  config.search_duration_max = measure::Seconds{1e6};
  config.strategy = strategy;
  return config;
}

/// A search of a simulated SUT (sim/ models) on virtual time.
inline SearchResult search_sim(const ControllerConfig& config, const std::string& model,
                               const sim::SutOptions& options, std::uint64_t seed) {
  sim::SutMeasurer sut(sim::make_sut(model, options, seed));
  measure::ManualClock clock;
  test_support::ClockedMeasurer clocked(sut, clock);
  return Controller(config, clock).search(clocked);
}

inline SearchResult search_fake_sut(const ControllerConfig& config, double capacity_pps,
                                    bool wobbly = false, double loss_floor = 0.0) {
  measure::ManualClock clock;
  testing::FakeSut sut(capacity_pps, clock);
  if (wobbly) sut.wobbly();
  if (loss_floor > 0.0) sut.loss_floor(loss_floor);
  return Controller(config, clock).search(sut);
}

/// A search of a deterministic SUT of `capacity_pps` behind a tester that
/// reaches at most `tester_pps`.
inline SearchResult search_behind_tester(const ControllerConfig& config, double capacity_pps,
                                         double tester_pps) {
  measure::ManualClock clock;
  testing::FakeSut sut(capacity_pps, clock);
  sut.tester_limit(tester_pps);
  return Controller(config, clock).search(sut);
}

inline std::vector<measure::TrialResult> counted_trials(const SearchResult& result) {
  std::vector<measure::TrialResult> trials;
  for (const TrialRecord& trial : result.trials) {
    if (trial.phase != TrialPhase::warmup) trials.push_back(trial.result);
  }
  return trials;
}

/// The result must be exactly what the analysis makes of the trials it measured.
inline void check_results_are_the_analysis(const ControllerConfig& config,
                                           const SearchResult& result) {
  const std::vector<measure::TrialResult> trials = counted_trials(result);
  const std::vector<GoalResult> analysed =
      analyze_trials(config.goals, trials, LoadLimits{config.min_load_pps, config.max_load_pps});
  REQUIRE(analysed.size() == result.goals.size());
  for (std::size_t goal = 0; goal < analysed.size(); ++goal) {
    CAPTURE(goal);
    CHECK(result.goals[goal].relevant_lower_bound_pps == analysed[goal].relevant_lower_bound_pps);
    CHECK(result.goals[goal].relevant_upper_bound_pps == analysed[goal].relevant_upper_bound_pps);
    CHECK(result.goals[goal].conditional_throughput_pps ==
          analysed[goal].conditional_throughput_pps);
    CHECK(result.goals[goal].irregularity == analysed[goal].irregularity);
  }
}

/// How many trials, and how many trial seconds, were measured at this load.
inline std::pair<int, double> trials_at(const SearchResult& result, double load_pps) {
  std::pair<int, double> count{0, 0.0};
  for (const TrialRecord& trial : result.trials) {
    if (trial.result.intended_load_pps() != load_pps) continue;
    ++count.first;
    count.second += trial.result.intended_duration().count();
  }
  return count;
}

/// Trials with an intended duration within 1 % of `duration_s`.
inline int trials_of_duration(const SearchResult& result, double duration_s) {
  int count = 0;
  for (const TrialRecord& trial : result.trials) {
    if (std::fabs(trial.result.intended_duration().count() / duration_s - 1.0) < 0.01) ++count;
  }
  return count;
}

/// Trial seconds of both strategies' searches of a simulated SUT, summed over
/// seeds 1 to 5; every search must complete, and fast's results must be what
/// the analysis makes of its trials.
struct StrategySeconds {
  double fast_s = 0.0;
  double csit_s = 0.0;
};
inline StrategySeconds sum_over_five_seeds(const std::vector<SearchGoal>& goals,
                                           const std::string& model,
                                           const sim::SutOptions& options) {
  StrategySeconds sums;
  for (const std::uint64_t seed : {1, 2, 3, 4, 5}) {
    CAPTURE(seed);
    for (const SelectionStrategy strategy : {SelectionStrategy::fast, SelectionStrategy::csit}) {
      const ControllerConfig config = config_for(goals, strategy);
      const SearchResult result = search_sim(config, model, options, seed);
      CHECK(result.stop_reason == StopReason::completed);
      const bool fast = strategy == SelectionStrategy::fast;
      (fast ? sums.fast_s : sums.csit_s) += result.trial_duration_sum().count();
      if (fast) check_results_are_the_analysis(config, result);
    }
  }
  return sums;
}

}  // namespace trexsearch::mlr::fast_rig
