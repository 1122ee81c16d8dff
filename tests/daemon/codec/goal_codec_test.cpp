#include "daemon/codec/goal_codec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

using trexsearch::codec::decode_goal;
using trexsearch::codec::decode_goals;
using trexsearch::codec::encode_goal;
using trexsearch::codec::parse_strict_json;
using trexsearch::measure::ConfigError;
using trexsearch::measure::Seconds;
using trexsearch::mlr::SearchGoal;

namespace {

SearchGoal goal_from(const std::string& text) {
  return decode_goal(parse_strict_json(text, "test"), "goals[0]");
}

std::string error_of(const std::string& text) {
  try {
    goal_from(text);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("an empty goal object is the reference default goal") {
  const SearchGoal goal = goal_from("{}");
  CHECK(goal.same_attributes(SearchGoal{}));
  CHECK(goal.name.empty());
}

TEST_CASE("every goal key is read") {
  const SearchGoal goal = goal_from(R"({"name": "RFC2544", "loss_ratio": 0.001,
      "exceed_ratio": 0.25, "relative_width": 0.01, "initial_trial_duration": 2,
      "final_trial_duration": 60, "duration_sum": 120, "preceding_targets": 3,
      "expansion_coefficient": 4, "fail_fast": false})");
  CHECK(goal.name == "RFC2544");
  CHECK(goal.loss_ratio == 0.001);
  CHECK(goal.exceed_ratio == 0.25);
  CHECK(goal.relative_width == 0.01);
  CHECK(goal.initial_trial_duration == Seconds{2.0});
  CHECK(goal.final_trial_duration == Seconds{60.0});
  CHECK(goal.duration_sum == Seconds{120.0});
  CHECK(goal.preceding_targets == 3);
  CHECK(goal.expansion_coefficient == 4);
  CHECK_FALSE(goal.fail_fast);
}

TEST_CASE("a goal survives encode then decode unchanged") {
  SearchGoal goal;
  goal.name = "PDR";
  goal.loss_ratio = 0.005;
  goal.relative_width = 0.1 / 3.0;  // not a short decimal: needs all 17 digits
  goal.final_trial_duration = Seconds{7.745966692414834};
  goal.duration_sum = Seconds{60.0};
  goal.preceding_targets = 1;
  goal.fail_fast = false;
  const SearchGoal back = decode_goal(encode_goal(goal), "goal");
  CHECK(back.same_attributes(goal));
  CHECK(back.name == "PDR");
}

TEST_CASE("bad goal values name the JSON path and the value") {
  CHECK(error_of(R"({"exceed_ratio": 1.5})") ==
        "goals[0].exceed_ratio = 1.5: must be at least 0 and less than 1");
  CHECK(error_of(R"({"loss_ratio": -0.1})") ==
        "goals[0].loss_ratio = -0.1: must be at least 0 and less than 1");
  CHECK(error_of(R"({"preceding_targets": 2.5})") ==
        "goals[0].preceding_targets = 2.5: must be a whole number");
  CHECK(error_of(R"({"expansion_coefficient": 1})").find("goals[0].expansion_coefficient = 1") ==
        0);
  CHECK(error_of(R"({"fail_fast": "yes"})") ==
        R"(goals[0].fail_fast = "yes": must be true or false)");
  CHECK(error_of(R"({"duration_sum": "21"})") ==
        R"(goals[0].duration_sum = "21": must be a number)");
  CHECK(error_of(R"({"final_trial_duration": 0.5})").find("goals[0].final_trial_duration = 0.5") ==
        0);
  CHECK(error_of(R"({"name": 7})") == "goals[0].name = 7: must be a string");
  CHECK(
      error_of(R"({"relative_widht": 0.01})").find("goals[0].relative_widht = 0.01: unknown key") ==
      0);
}

TEST_CASE("a goal list must be a non-empty array, and elements are numbered") {
  CHECK_THROWS_WITH_AS(decode_goals(parse_strict_json("[]", "t"), "goals"),
                       "goals = []: at least one goal is required", ConfigError);
  CHECK_THROWS_WITH_AS(decode_goals(parse_strict_json(R"({"goals": 1})", "t")["goals"], "goals"),
                       "goals = 1: must be an array", ConfigError);
  CHECK_THROWS_WITH_AS(
      decode_goals(parse_strict_json(R"([{}, {"exceed_ratio": -1}])", "t"), "goals"),
      "goals[1].exceed_ratio = -1: must be at least 0 and less than 1", ConfigError);
}
