#include "daemon/codec/analyze_input_codec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "daemon/codec/strict_json.hpp"
#include "daemon/codec/trial_input_codec.hpp"
#include "measure/errors.hpp"

using trexsearch::codec::decode_analyze_input;
using trexsearch::codec::decode_trial_input;
using trexsearch::codec::encode_analyze_input;
using trexsearch::codec::parse_strict_json;
using trexsearch::measure::ConfigError;
using trexsearch::measure::Seconds;

namespace {

trexsearch::measure::TrialResult trial_from(const std::string& text) {
  return decode_trial_input(parse_strict_json(text, "test"), "trials[2]");
}

std::string trial_error(const std::string& text) {
  try {
    trial_from(text);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(no error)";
}

std::string input_error(const std::string& text) {
  try {
    decode_analyze_input(parse_strict_json(text, "test"));
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a trial with counts gets the reference loss ratio, unsent frames included") {
  const auto trial = trial_from(R"({"load": 1e6, "intended_duration": 1,
      "offered_count": 999000, "loss_count": 1000, "intended_count": 1000000})");
  CHECK(trial.intended_load_pps() == 1e6);
  CHECK(trial.intended_duration() == Seconds{1.0});
  CHECK(trial.effective_duration() == Seconds{1.0});  // defaults to intended
  // (|1000| + |1000000 - 999000|) / max(999000, 1000000)
  CHECK(trial.loss_ratio() == 2000.0 / 1000000.0);
  REQUIRE(trial.counts().has_value());
  CHECK(trial.counts()->intended == 1000000);
}

TEST_CASE("a trial with a loss ratio and an effective duration") {
  const auto trial = trial_from(R"({"load": 5e5, "intended_duration": 60,
      "effective_duration": 61.5, "loss_ratio": 0.25})");
  CHECK(trial.loss_ratio() == 0.25);
  CHECK(trial.effective_duration() == Seconds{61.5});
  CHECK_FALSE(trial.counts().has_value());
}

TEST_CASE("bad trials name the field and the value") {
  CHECK(trial_error(R"({"intended_duration": 1, "loss_ratio": 0})") ==
        "trials[2].load = (missing): required field");
  CHECK(trial_error(R"({"load": -5, "intended_duration": 1, "loss_ratio": 0})") ==
        "trials[2].load = -5: must be positive");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 0, "loss_ratio": 0})") ==
        "trials[2].intended_duration = 0: must be positive");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "effective_duration": -1,
      "loss_ratio": 0})") == "trials[2].effective_duration = -1: must be positive");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "loss_ratio": 1.5})") ==
        "trials[2].loss_ratio = 1.5: must be between 0 and 1");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1})")
            .find("trials[2] = {\"intended_duration\":1,\"load\":1}: a trial needs either "
                  "loss_ratio or offered_count and loss_count") == 0);
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "loss_ratio": 0,
      "offered_count": 10, "loss_count": 0})")
            .find("trials[2].loss_ratio = 0: give either loss_ratio or the counts") == 0);
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "offered_count": 10})") ==
        "trials[2].loss_count = (missing): required field");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "loss_count": 0})") ==
        "trials[2].offered_count = (missing): required field");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "offered_count": -10,
      "loss_count": 0})") == "trials[2].offered_count = -10: must not be negative");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "offered_count": 10,
      "loss_count": 11})")
            .find("trials[2].loss_count = 11: more frames lost than offered") == 0);
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "offered_count": 10,
      "loss_count": 0, "intended_count": -1})") ==
        "trials[2].intended_count = -1: must not be negative");
  CHECK(trial_error(R"({"load": 1, "intended_duration": 1, "offered_count": 10.5,
      "loss_count": 0})") == "trials[2].offered_count = 10.5: must be a whole number");
  CHECK(trial_error(R"({"load": 1, "duration": 1, "loss_ratio": 0})")
            .find("trials[2].intended_duration = (missing)") == 0);
}

TEST_CASE("negative loss (duplicated frames) is accepted and counts as loss") {
  const auto trial = trial_from(R"({"load": 1e3, "intended_duration": 1,
      "offered_count": 1000, "loss_count": -10})");
  CHECK(trial.loss_ratio() == 10.0 / 1000.0);
}

TEST_CASE("analyze input: goals, trials and optional load limits") {
  const auto input = decode_analyze_input(parse_strict_json(R"({
      "goals": [{"name": "NDR"}],
      "trials": [{"load": 1e6, "intended_duration": 1, "loss_ratio": 0}],
      "min_load": 9001, "max_load": 1e7})",
                                                            "test"));
  CHECK(input.goals.size() == 1);
  CHECK(input.trials.size() == 1);
  REQUIRE(input.limits.has_value());
  CHECK(input.limits->min_load_pps == 9001.0);
  CHECK(input.limits->max_load_pps == 1e7);

  const auto back = decode_analyze_input(encode_analyze_input(input));
  CHECK(back.goals[0].name == "NDR");
  CHECK(back.trials[0].loss_ratio() == 0.0);
  CHECK(back.limits->max_load_pps == 1e7);
}

TEST_CASE("a trial list round-trips with counts and loss ratios intact") {
  const auto input = decode_analyze_input(parse_strict_json(R"({"goals": [{}], "trials": [
      {"load": 1e6, "intended_duration": 1, "effective_duration": 1.5, "offered_count": 7,
       "loss_count": -1, "intended_count": 9},
      {"load": 2e6, "intended_duration": 0.5, "loss_ratio": 0.1}]})",
                                                            "test"));
  const auto back = decode_analyze_input(encode_analyze_input(input));
  REQUIRE(back.trials.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(back.trials[i].intended_load_pps() == input.trials[i].intended_load_pps());
    CHECK(back.trials[i].intended_duration() == input.trials[i].intended_duration());
    CHECK(back.trials[i].effective_duration() == input.trials[i].effective_duration());
    CHECK(back.trials[i].loss_ratio() == input.trials[i].loss_ratio());
  }
  CHECK(back.trials[0].counts()->loss == -1);
  CHECK(back.trials[0].counts()->intended == 9);
}

TEST_CASE("analyze input errors") {
  CHECK(input_error(R"({"trials": []})") == "goals = (missing): required field");
  CHECK(input_error(R"({"goals": [], "trials": []})") ==
        "goals = []: at least one goal is required");
  CHECK(input_error(R"({"goals": [{}]})") == "trials = (missing): required field");
  CHECK(input_error(R"({"goals": [{}], "trials": {}})") == "trials = {}: must be an array");
  CHECK(input_error(R"({"goals": [{}], "trials": [], "min_load": 1})") ==
        "max_load = (missing): min_load and max_load go together");
  CHECK(input_error(R"({"goals": [{}], "trials": [], "min_load": 10, "max_load": 5})")
            .find("max_load = 5: must be greater than min_load (10)") == 0);
  CHECK(input_error(R"({"goals": [{}], "trials": [], "extra": true})") ==
        "extra = true: unknown key (known keys here: goals, trials, min_load, max_load)");
  CHECK(input_error(R"({"goals": [{}], "trials": [{"load": 1, "intended_duration": 1,
      "loss_ratio": 0}, 5]})") == "trials[1] = 5: must be an object");
}
