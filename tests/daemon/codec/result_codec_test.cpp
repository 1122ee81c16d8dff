#include <doctest/doctest.h>

#include "daemon/codec/goal_result_codec.hpp"
#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/codec/search_result_codec.hpp"

using trexsearch::measure::Seconds;
using trexsearch::measure::TrialOutcome;
using trexsearch::measure::TrialResult;
namespace mlr = trexsearch::mlr;
namespace codec = trexsearch::codec;
namespace measure = trexsearch::measure;

namespace {

mlr::GoalResult irregular_result() {
  mlr::GoalResult result;
  result.goal.name = "PDR";
  result.goal.loss_ratio = 0.005;
  result.label = "PDR";
  result.relevant_lower_bound_pps = 1e7;
  result.conditional_throughput_pps = 9.95e6;
  result.irregularity = mlr::Irregularity::max_load_is_lower_bound;
  result.irregular_reason = "max load 1e7 is a lower bound";
  mlr::LoadAnalysis load;
  load.load_pps = 1e7;
  load.classification = mlr::LoadClass::lower_bound;
  load.sums.full_length_low_loss = Seconds{10.5};
  load.sums.short_high_loss = Seconds{0.25};
  load.trial_count = 12;
  result.loads.push_back(load);
  return result;
}

}  // namespace

TEST_CASE("an irregular goal result carries its reason, its goal and its loads") {
  const Json::Value json = codec::encode_goal_result(irregular_result());
  CHECK(json["name"].asString() == "PDR");
  CHECK(json["goal"]["loss_ratio"].asDouble() == 0.005);
  CHECK(json["goal"]["name"].asString() == "PDR");
  CHECK(json["relevant_lower_bound"].asDouble() == 1e7);
  CHECK(json["relevant_upper_bound"].isNull());
  CHECK(json["conditional_throughput"].asDouble() == 9.95e6);
  CHECK(json["regular"].asBool() == false);
  CHECK(json["irregular_reason"].asString() == "max_load_is_lower_bound");
  CHECK(json["irregular_detail"].asString() == "max load 1e7 is a lower bound");
  REQUIRE(json["loads"].size() == 1);
  const Json::Value& load = json["loads"][0];
  CHECK(load["load"].asDouble() == 1e7);
  CHECK(load["classification"].asString() == "lower_bound");
  CHECK(load["trial_count"].asUInt64() == 12);
  CHECK(load["full_length_low_loss"].asDouble() == 10.5);
  CHECK(load["full_length_high_loss"].asDouble() == 0.0);
  CHECK(load["short_low_loss"].asDouble() == 0.0);
  CHECK(load["short_high_loss"].asDouble() == 0.25);
}

TEST_CASE("a regular goal result has no irregularity keys") {
  mlr::GoalResult result;
  result.label = "goal 1";
  result.relevant_lower_bound_pps = 1e6;
  result.relevant_upper_bound_pps = 1.004e6;
  const Json::Value json = codec::encode_goal_result(result);
  CHECK(json["regular"].asBool());
  CHECK_FALSE(json.isMember("irregular_reason"));
  CHECK_FALSE(json.isMember("irregular_detail"));
  CHECK(json["conditional_throughput"].isNull());
  CHECK(json["goal"].isMember("relative_width"));
  CHECK_FALSE(json["goal"].isMember("name"));  // unnamed goal: the label is "goal 1"
}

TEST_CASE("a search result lists trials with counts and totals over them") {
  mlr::SearchResult result;
  TrialOutcome outcome;
  outcome.offered_count = 1000;
  outcome.loss_count = 10;
  outcome.intended_count = 1010;
  outcome.effective_duration = Seconds{1.5};
  outcome.notes = measure::parse_notes({"stretched"});
  result.trials.push_back({1, mlr::TrialPhase::warmup, Seconds{0.0},
                           TrialResult::from_outcome(1e3, Seconds{1.0}, outcome)});
  result.trials.push_back({2, mlr::TrialPhase::main, Seconds{1.5},
                           TrialResult::from_loss_ratio(2e3, Seconds{2.0}, Seconds{2.25}, 0.5)});
  result.goals.push_back(irregular_result());
  result.stop_reason = mlr::StopReason::search_time_exceeded;
  result.stop_detail = "search_duration_max (3 s) exceeded";
  result.search_duration = Seconds{3.75};

  const Json::Value json = codec::encode_search_result(result);
  REQUIRE(json["trials"].size() == 2);
  const Json::Value& first = json["trials"][0];
  CHECK(first["number"].asUInt64() == 1);
  CHECK(first["phase"].asString() == "warmup");
  CHECK(first["started_at"].asDouble() == 0.0);
  CHECK(first["load"].asDouble() == 1e3);
  CHECK(first["intended_duration"].asDouble() == 1.0);
  CHECK(first["effective_duration"].asDouble() == 1.5);
  CHECK(first["offered_count"].asInt64() == 1000);
  CHECK(first["loss_count"].asInt64() == 10);
  CHECK(first["intended_count"].asInt64() == 1010);
  CHECK(first["loss_ratio"].asDouble() == 20.0 / 1010.0);
  CHECK(first["notes"][0].asString() == "stretched");
  const Json::Value& second = json["trials"][1];
  CHECK(second["offered_count"].isNull());
  CHECK(second["loss_ratio"].asDouble() == 0.5);
  CHECK(second["notes"].isArray());
  CHECK(json["totals"]["trial_count"].asUInt64() == 2);
  CHECK(json["totals"]["effective_duration_sum"].asDouble() == 3.75);
  CHECK(json["totals"]["search_duration"].asDouble() == 3.75);
  CHECK(json["stop_reason"].asString() == "search_time_exceeded");
  CHECK(json["stop_detail"].asString() == "search_duration_max (3 s) exceeded");
  CHECK(json["goals"][0]["irregular_reason"].asString() == "max_load_is_lower_bound");
}

TEST_CASE("a PLR result says when tester-limited trials fell near its estimate") {
  trexsearch::plr::PlrResult result;
  TrialOutcome outcome;
  outcome.offered_count = 9000000;
  outcome.intended_count = 10000000;
  outcome.tester_limited_pps = 900000.0;
  trexsearch::plr::PlrEstimate estimate;
  estimate.average_pps = 1e6;
  estimate.stdev_pps = 5e3;
  result.trials.push_back({1,
                           TrialResult::from_outcome(1e6, Seconds{10.0}, outcome),
                           Seconds{0.0},
                           Seconds{10.0},
                           0,
                           true,
                           {},
                           estimate});
  result.estimate = estimate;
  const Json::Value json = codec::encode_plr_result(result);
  CHECK(json["tester_limited"].asBool());
  CHECK(json["tester_limit"]["trials"].asUInt64() == 1);
  CHECK(json["tester_limit"]["reached_pps"].asDouble() == 900000.0);
  CHECK(json["tester_limit"]["trials_near_estimate"].asUInt64() == 1);
  CHECK(json["tester_limit"]["estimate_upper_end"].asDouble() == 1.01e6);
  // The SUT never lost frames itself: the tester's losses are all there is above.
  CHECK(json["tester_limit"]["lowest_sut_lossy_load"].isNull());
  CHECK(json["tester_limit"]["trials_below_sut_loss"].asUInt64() == 1);
  // The trial itself: full loss for the search, what the counts say beside it.
  CHECK(json["trials"][0]["loss_ratio"].asDouble() == 1.0);
  CHECK(json["trials"][0]["measured_loss_ratio"].asDouble() == doctest::Approx(0.1));

  const Json::Value clean = codec::encode_plr_result(trexsearch::plr::PlrResult{});
  CHECK_FALSE(clean["tester_limited"].asBool());
  CHECK(clean["tester_limit"]["trials"].asUInt64() == 0);
  CHECK(clean["tester_limit"]["reached_pps"].isNull());
  CHECK(clean["tester_limit"]["estimate_upper_end"].isNull());
}
