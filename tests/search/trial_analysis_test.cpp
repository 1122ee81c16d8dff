#include <doctest/doctest.h>

#include <vector>

#include "search/trial_analysis.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {

measure::TrialResult trial(double load, double loss_ratio, double intended_s = 1.0) {
  return measure::TrialResult::from_loss_ratio(load, measure::Seconds{intended_s},
                                               measure::Seconds{intended_s}, loss_ratio);
}

SearchGoal small_goal() {
  SearchGoal goal;
  goal.name = "PDR-ish";
  goal.loss_ratio = 0.005;
  goal.exceed_ratio = 0.5;
  goal.duration_sum = measure::Seconds{4.0};
  goal.relative_width = 0.5;
  return goal;
}

}  // namespace

TEST_CASE(
    "analysis of a hand-computed trial set: classes, sums, bounds and conditional throughput") {
  const std::vector<measure::TrialResult> trials{
      trial(1000, 0.001), trial(2000, 0.02),    trial(1000, 0.01), trial(1500, 0.0, 0.5),
      trial(1000, 0.004), trial(2000, 0.0),     trial(2000, 0.03), trial(1000, 0.002),
      trial(2000, 0.05),  trial(1500, 0.0, 0.5)};
  const auto results = analyze_trials({small_goal()}, trials);
  REQUIRE(results.size() == 1);
  const GoalResult& result = results[0];
  CHECK(result.label == "PDR-ish");
  REQUIRE(result.loads.size() == 3);
  // 1000: 3 good + 1 bad full-length seconds: effective bad 1 <= 2, 4 - 3 <= 2.
  CHECK(result.loads[0].load_pps == 1000);
  CHECK(result.loads[0].classification == LoadClass::lower_bound);
  CHECK(result.loads[0].sums.full_length_low_loss == measure::Seconds{3.0});
  CHECK(result.loads[0].sums.full_length_high_loss == measure::Seconds{1.0});
  CHECK(result.loads[0].trial_count == 4);
  // 1500: only short trials.
  CHECK(result.loads[1].classification == LoadClass::undecided);
  CHECK(result.loads[1].sums.short_low_loss == measure::Seconds{1.0});
  // 2000: 3 bad seconds > 2 and 4 - 1 > 2.
  CHECK(result.loads[2].classification == LoadClass::upper_bound);
  CHECK(result.relevant_lower_bound_pps == 1000);
  CHECK(result.relevant_upper_bound_pps == 2000);
  // Appendix B at 1000: remaining 2 s; 0.001 takes 1 s, 0.002 takes the other.
  REQUIRE(result.conditional_throughput_pps);
  CHECK(*result.conditional_throughput_pps == doctest::Approx(998.0).epsilon(1e-12));
  // (2000 - 1000) / 2000 = 0.5, not wider than the goal width 0.5.
  CHECK(result.regular());
}

TEST_CASE("every trial counts for every goal, each goal classifies on its own") {
  SearchGoal ndr = small_goal();
  ndr.name = "NDR";
  ndr.loss_ratio = 0.0;
  const std::vector<measure::TrialResult> trials{trial(1000, 0.001), trial(1000, 0.001),
                                                 trial(1000, 0.001), trial(1000, 0.001)};
  const auto results = analyze_trials({ndr, small_goal()}, trials);
  CHECK(results[0].loads[0].classification == LoadClass::upper_bound);
  CHECK(results[1].loads[0].classification == LoadClass::lower_bound);
  CHECK(results[0].irregularity == Irregularity::no_lower_bound);
  CHECK(results[1].irregularity == Irregularity::no_upper_bound);
  CHECK(results[1].conditional_throughput_pps == doctest::Approx(999.0));
}

TEST_CASE("bounds further apart than the goal width are irregular: too wide") {
  SearchGoal goal = small_goal();
  goal.relative_width = 0.1;
  const std::vector<measure::TrialResult> trials{trial(1000, 0), trial(1000, 0), trial(1000, 0),
                                                 trial(1000, 0), trial(2000, 1), trial(2000, 1),
                                                 trial(2000, 1)};
  const auto result = analyze_trials({goal}, trials)[0];
  CHECK(result.irregularity == Irregularity::too_wide);
  CHECK(result.irregular_reason.find("wider than the goal width 0.1") != std::string::npos);
}

TEST_CASE("with load limits, missing bounds at the limits are named as such") {
  const std::vector<measure::TrialResult> passes{trial(5000, 0), trial(5000, 0), trial(5000, 0),
                                                 trial(5000, 0)};
  const auto high = analyze_trials({small_goal()}, passes, LoadLimits{100, 5000})[0];
  CHECK(high.irregularity == Irregularity::max_load_is_lower_bound);
  CHECK(high.conditional_throughput_pps == 5000);
  const std::vector<measure::TrialResult> fails{trial(100, 1), trial(100, 1), trial(100, 1)};
  const auto low = analyze_trials({small_goal()}, fails, LoadLimits{100, 5000})[0];
  CHECK(low.irregularity == Irregularity::min_load_is_upper_bound);
  CHECK_FALSE(low.conditional_throughput_pps);
  CHECK(to_string(low.irregularity) == "min_load_is_upper_bound");
}

TEST_CASE("irregularity texts name the loads in the job's unit") {
  // Every trial at the min load lost frames: the min load is an upper bound.
  const std::vector<measure::TrialResult> trials{trial(1000, 0.5), trial(1000, 0.5),
                                                 trial(1000, 0.5)};
  const LoadLimits limits{1000, 5000};
  const auto frames = analyze_trials({small_goal()}, trials, limits);
  const auto connections = analyze_trials({small_goal()}, trials, limits, "cps");
  CHECK(frames[0].irregular_reason.find("min load 1000 pps") != std::string::npos);
  CHECK(connections[0].irregular_reason.find("min load 1000 cps") != std::string::npos);
}
