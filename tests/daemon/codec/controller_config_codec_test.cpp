#include "daemon/codec/controller_config_codec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

using trexsearch::codec::decode_controller_config;
using trexsearch::codec::encode_controller_config;
using trexsearch::codec::parse_strict_json;
using trexsearch::measure::ConfigError;
using trexsearch::measure::Seconds;

namespace {

trexsearch::mlr::ControllerConfig config_from(const std::string& text) {
  return decode_controller_config(parse_strict_json(text, "spec"));
}

std::string error_of(const std::string& text) {
  try {
    config_from(text);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a spec with only goals takes the reference controller defaults and fast selection") {
  const auto config = config_from(R"({"goals": [{}]})");
  const trexsearch::mlr::ControllerConfig defaults;
  CHECK(config.goals.size() == 1);
  CHECK(config.min_load_pps == defaults.min_load_pps);
  CHECK(config.max_load_pps == defaults.max_load_pps);
  CHECK(config.search_duration_max == defaults.search_duration_max);
  CHECK(config.warmup_duration == defaults.warmup_duration);
  // The one default that is not the reference's (issue #31).
  CHECK(config.strategy == trexsearch::mlr::SelectionStrategy::fast);
}

TEST_CASE("strategy picks the load selection, survives a round trip, and only csit or fast") {
  const auto fast = config_from(R"({"goals": [{}], "strategy": "fast"})");
  CHECK(fast.strategy == trexsearch::mlr::SelectionStrategy::fast);
  CHECK(decode_controller_config(encode_controller_config(fast)).strategy ==
        trexsearch::mlr::SelectionStrategy::fast);
  CHECK(config_from(R"({"goals": [{}], "strategy": "csit"})").strategy ==
        trexsearch::mlr::SelectionStrategy::csit);
  CHECK(encode_controller_config(config_from(R"({"goals": [{}]})"))["strategy"].asString() ==
        "fast");
  CHECK(error_of(R"({"goals": [{}], "strategy": "quick"})") ==
        "strategy = \"quick\": unknown load-selection strategy; known strategies: csit, fast");
  CHECK(error_of(R"({"goals": [{}], "strategy": 1})").find("strategy") != std::string::npos);
}

TEST_CASE("a full spec is read and survives a round trip") {
  const auto config = config_from(R"({"goals": [{"name": "NDR"}, {"name": "PDR",
      "loss_ratio": 0.005}], "min_load": 9001, "max_load": 14880952,
      "search_duration_max": 600.5, "warmup_duration": 0})");
  CHECK(config.goals.size() == 2);
  CHECK(config.goals[1].loss_ratio == 0.005);
  CHECK(config.min_load_pps == 9001.0);
  CHECK(config.max_load_pps == 14880952.0);
  CHECK(config.search_duration_max == Seconds{600.5});
  CHECK(config.warmup_duration == Seconds{0.0});
  const auto back = decode_controller_config(encode_controller_config(config));
  CHECK(back.goals.size() == 2);
  CHECK(back.goals[1].same_attributes(config.goals[1]));
  CHECK(back.goals[0].name == "NDR");
  CHECK(back.min_load_pps == config.min_load_pps);
  CHECK(back.max_load_pps == config.max_load_pps);
  CHECK(back.search_duration_max == config.search_duration_max);
  CHECK(back.warmup_duration == config.warmup_duration);
}

TEST_CASE("spec errors name the JSON key") {
  CHECK(error_of(R"({})") == "goals = (missing): required field");
  CHECK(error_of(R"({"goals": []})") == "goals = []: at least one goal is required");
  CHECK(error_of(R"({"goals": [{}], "min_load": 0})").find("min_load = 0: ") == 0);
  CHECK(error_of(R"({"goals": [{}], "min_load": 5000, "max_load": 4000})")
            .find("max_load = 4000: must be greater than min_load (5000)") == 0);
  CHECK(
      error_of(R"({"goals": [{}], "search_duration_max": -1})").find("search_duration_max = -1") ==
      0);
  CHECK(error_of(R"({"goals": [{}], "warmup_duration": -1})").find("warmup_duration = -1") == 0);
  CHECK(error_of(R"({"goals": [{}], "max_laod": 1e6})").find("max_laod = 1000000.0: unknown key") ==
        0);
  CHECK(error_of(R"({"goals": [{}, {}]})").find("goals[1] = goal 2: has the same attributes") == 0);
  CHECK(error_of(R"({"goals": [{}], "min_load": "9001"})") ==
        R"(min_load = "9001": must be a number)");
}
