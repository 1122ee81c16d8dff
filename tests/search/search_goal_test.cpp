#include <doctest/doctest.h>

#include "measure/errors.hpp"
#include "search/controller_config.hpp"
#include "search/search_goal.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {
void check_rejected(const SearchGoal& goal, const std::string& field, const std::string& value) {
  ControllerConfig config;
  config.goals = {SearchGoal{}, goal};
  config.goals[0].loss_ratio = 0.5;  // keep the two goals distinct
  try {
    config.validate();
    FAIL("accepted an invalid goal, expected an error for ", field);
  } catch (const measure::ConfigError& error) {
    CHECK(error.field() == "goals[1]." + field);
    CHECK(std::string(error.what()).find(value) != std::string::npos);
  }
}
}  // namespace

TEST_CASE("the default goal is the reference's default, valid") {
  SearchGoal goal;
  CHECK_NOTHROW(goal.validate());
  CHECK(goal.loss_ratio == 0.0);
  CHECK(goal.exceed_ratio == 0.5);
  CHECK(goal.relative_width == 0.005);
  CHECK(goal.duration_sum == measure::Seconds{21.0});
  CHECK(goal.preceding_targets == 2);
  CHECK(goal.expansion_coefficient == 2);
  CHECK(goal.fail_fast);
}

TEST_CASE("invalid goal attributes are named with their value") {
  SearchGoal goal;
  goal.loss_ratio = 1.0;
  check_rejected(goal, "loss_ratio", "= 1:");
  goal = {};
  goal.exceed_ratio = -0.1;
  check_rejected(goal, "exceed_ratio", "-0.1");
  goal = {};
  goal.relative_width = 0.0;
  check_rejected(goal, "relative_width", "= 0:");
  goal = {};
  goal.initial_trial_duration = measure::Seconds{0.0};
  check_rejected(goal, "initial_trial_duration", "= 0:");
  goal = {};
  goal.final_trial_duration = measure::Seconds{0.5};
  check_rejected(goal, "final_trial_duration", "0.5");
  goal = {};
  goal.duration_sum = measure::Seconds{0.5};
  check_rejected(goal, "duration_sum", "0.5");
  goal = {};
  goal.preceding_targets = 0;  // only allowed when initial duration >= sum
  check_rejected(goal, "preceding_targets", "must be at least 1");
  goal = {};
  goal.expansion_coefficient = 1;
  check_rejected(goal, "expansion_coefficient", "= 1:");
}

TEST_CASE("zero preceding targets is fine when the initial duration covers the sum") {
  SearchGoal goal;
  goal.preceding_targets = 0;
  goal.initial_trial_duration = measure::Seconds{21.0};
  goal.final_trial_duration = measure::Seconds{21.0};
  CHECK_NOTHROW(goal.validate());
}

TEST_CASE("controller config errors name the field") {
  ControllerConfig config;
  config.goals.clear();
  CHECK_THROWS_WITH_AS(config.validate(), doctest::Contains("goals"), measure::ConfigError);
  config = {};
  config.min_load_pps = -5.0;
  CHECK_THROWS_WITH_AS(config.validate(), doctest::Contains("min_load = -5"), measure::ConfigError);
  config = {};
  config.max_load_pps = config.min_load_pps;
  CHECK_THROWS_WITH_AS(config.validate(), doctest::Contains("max_load = 9001"),
                       measure::ConfigError);
  config = {};
  config.search_duration_max = measure::Seconds{0.0};
  CHECK_THROWS_WITH_AS(config.validate(), doctest::Contains("search_duration_max"),
                       measure::ConfigError);
  config = {};
  config.warmup_duration = measure::Seconds{-1.0};
  CHECK_THROWS_WITH_AS(config.validate(), doctest::Contains("warmup_duration = -1"),
                       measure::ConfigError);
}

TEST_CASE("duplicate goals are rejected even when their names differ") {
  ControllerConfig config;
  config.goals = {SearchGoal{}, SearchGoal{}};
  config.goals[0].name = "NDR";
  config.goals[1].name = "also NDR";
  CHECK_THROWS_WITH_AS(config.validate(), doctest::Contains("same attributes as goals[0]"),
                       measure::ConfigError);
}
