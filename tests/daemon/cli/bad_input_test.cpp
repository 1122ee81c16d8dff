#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/daemon/cli/cli_test_support.hpp"

using namespace trexsearch::test;

namespace {

/// One bad input, the file it is written to, and what the error must say.
struct BadInput {
  std::string what;
  std::string content;
  std::string expected_error;
};

const std::string kTrial = R"({"load": 1e6, "intended_duration": 1, "loss_ratio": 0})";

std::string analyze_input(const std::string& goals, const std::string& trial) {
  return R"({"goals": )" + goals + R"(, "trials": [)" + kTrial + ", " + trial + "]}";
}

void check_rejected(const ProcessResult& result, const std::string& expected) {
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  CHECK(result.err.find("trex-search: error: ") == 0);
  CHECK(result.err.find(expected) != std::string::npos);
  CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);  // one line
}

}  // namespace

TEST_CASE("analyze: every kind of bad input gives exit 2 and names the field") {
  const std::vector<BadInput> cases{
      {"malformed JSON, with position", "{\"goals\": [{}],\n \"trials\": [}",
       "in.json:2:13: Syntax error"},
      {"duplicate key", R"({"goals": [{}], "goals": [{}], "trials": []})",
       "in.json:1:17: Duplicate key: 'goals'"},
      {"trailing garbage", R"({"goals": [{}], "trials": []} {})",
       "in.json:1:31: Extra non-whitespace after JSON value."},
      {"empty file", "", "in.json: empty input"},
      {"not an object", "[]", "in.json: (document) = []: must be an object"},
      {"missing trials", R"({"goals": [{}]})", "in.json: trials = (missing): required field"},
      {"empty goals", R"({"goals": [], "trials": []})",
       "in.json: goals = []: at least one goal is required"},
      {"goal with a wrong type", analyze_input(R"([{"exceed_ratio": "0.5"}])", kTrial),
       R"(in.json: goals[0].exceed_ratio = "0.5": must be a number)"},
      {"goal with an unknown key", analyze_input(R"([{}, {"exceed_ration": 0.5}])", kTrial),
       "in.json: goals[1].exceed_ration = 0.5: unknown key"},
      {"goal ratio out of range", analyze_input(R"([{"loss_ratio": 1.5}])", kTrial),
       "in.json: goals[0].loss_ratio = 1.5: must be at least 0 and less than 1"},
      {"goal integer field not an integer",
       analyze_input(R"([{"preceding_targets": 1.5}])", kTrial),
       "in.json: goals[0].preceding_targets = 1.5: must be a whole number"},
      {"trial without load", analyze_input("[{}]", R"({"intended_duration": 1, "loss_ratio": 0})"),
       "in.json: trials[1].load = (missing): required field"},
      {"trial with negative counts",
       analyze_input(
           "[{}]", R"({"load": 1, "intended_duration": 1, "offered_count": -5, "loss_count": 0})"),
       "in.json: trials[1].offered_count = -5: must not be negative"},
      {"trial loss ratio out of range",
       analyze_input("[{}]", R"({"load": 1, "intended_duration": 1, "loss_ratio": -0.5})"),
       "in.json: trials[1].loss_ratio = -0.5: must be between 0 and 1"},
      {"trial with neither counts nor loss ratio",
       analyze_input("[{}]", R"({"load": 1, "intended_duration": 1})"),
       "in.json: trials[1] = {\"intended_duration\":1,\"load\":1}: a trial needs either"},
      {"trial with both counts and loss ratio",
       analyze_input("[{}]", R"({"load": 1, "intended_duration": 1, "loss_ratio": 0, )"
                             R"("offered_count": 1, "loss_count": 0})"),
       "in.json: trials[1].loss_ratio = 0: give either loss_ratio or the counts"},
      {"trial with a string count",
       analyze_input(
           "[{}]",
           R"({"load": 1, "intended_duration": 1, "offered_count": "10", "loss_count": 0})"),
       R"(in.json: trials[1].offered_count = "10": must be a whole number)"},
      {"trial with a typo",
       analyze_input("[{}]", R"({"load": 1, "intended_duraton": 1, "loss_ratio": 0})"),
       "in.json: trials[1].intended_duration = (missing): required field"},
  };
  const TempDir dir;
  for (const BadInput& bad : cases) {
    CAPTURE(bad.what);
    const std::string path = dir.write("in.json", bad.content);
    check_rejected(run_cli({"analyze", path}, dir), bad.expected_error);
  }
}

TEST_CASE("analyze: unreadable files and bad usage give exit 2") {
  const TempDir dir;
  check_rejected(run_cli({"analyze", "/nonexistent/in.json"}, dir),
                 "cannot open /nonexistent/in.json: No such file or directory");
  check_rejected(run_cli({"analyze", dir.path().string()}, dir), ": is a directory");
  check_rejected(run_cli({"analyze"}, dir), "analyze needs a FILE");
  check_rejected(run_cli({"analyze", "a.json", "b.json"}, dir), "too many positional options");
  check_rejected(run_cli({"analyze", "--tabel", "a.json"}, dir), "unrecognised option '--tabel'");
  check_rejected(run_cli({"analyze", "-"}, dir, "{\"goals\": "), "invalid JSON: stdin:1:11: ");
}

TEST_CASE("simulate: bad specs and bad options give exit 2 and say what is wrong") {
  const TempDir dir;
  const std::string good =
      dir.write("good.json", R"({"goals": [{}], "min_load": 1e4, "max_load": 1e6})");
  const std::vector<BadInput> specs{
      {"min above max", R"({"goals": [{}], "min_load": 2e6, "max_load": 1e6})",
       "spec.json: max_load = 1000000: must be greater than min_load (2000000)"},
      {"unknown key", R"({"goals": [{}], "warmup": 0})", "spec.json: warmup = 0: unknown key"},
      {"duplicate goals", R"({"goals": [{"name": "a"}, {"name": "b"}]})",
       "spec.json: goals[1] = b: has the same attributes as goals[0]"},
      {"goal duration sum below final duration",
       R"({"goals": [{"final_trial_duration": 60, "duration_sum": 30}]})",
       "spec.json: goals[0].duration_sum = 30: must be at least final_trial_duration"},
      {"malformed", R"({"goals": [{}],})", "spec.json:1:16: Missing '}' or object member name"},
  };
  for (const BadInput& bad : specs) {
    CAPTURE(bad.what);
    const std::string path = dir.write("spec.json", bad.content);
    check_rejected(run_cli({"simulate", "--spec", path, "--sut", "sharp"}, dir),
                   bad.expected_error);
  }
  const std::vector<std::pair<std::vector<std::string>, std::string>> usages{
      {{"simulate", "--sut", "sharp"}, "simulate needs --spec FILE"},
      {{"simulate", "--spec", good}, "exactly one of --measurer-cmd CMD and --sut MODEL"},
      {{"simulate", "--spec", good, "--sut", "sharp", "--measurer-cmd", "true"},
       "exactly one of --measurer-cmd CMD and --sut MODEL"},
      {{"simulate", "--spec", good, "--sut", "warp"}, "sut = warp: unknown SUT model"},
      {{"simulate", "--spec", good, "--sut", "noisy", "--sut-option", "nosie=0.1"}, "nosie"},
      {{"simulate", "--spec", good, "--sut", "sharp", "--sut-option", "capacity_pps"},
       "--sut-option 'capacity_pps': expected KEY=VALUE"},
      {{"simulate", "--spec", good, "--sut", "sharp", "--sut-option", "capacity_pps=1e6x"},
       "--sut-option 'capacity_pps=1e6x': value must be a number"},
      {{"simulate", "--spec", good, "--sut", "sharp", "--sut-option", "capacity_pps=-1"},
       "capacity_pps"},
      {{"simulate", "--spec", good, "--sut", "sharp", "--seed", "-1"},
       "--seed '-1': must be a whole number"},
      {{"simulate", "--spec", good, "--sut", "sharp", "--trial-overhead", "soon"},
       "the argument ('soon') for option '--trial-overhead' is invalid"},
      {{"simulate", "--spec", good, "--measurer-cmd", "true", "--seed", "3"},
       "--seed only applies to --sut"},
      {{"simulate", "--spec", good, "--measurer-cmd", "true", "--measurer-timeout-margin", "-1"},
       "--measurer-timeout-margin -1: must be a non-negative number of seconds"},
      {{"simulate", "--spec", dir.path().string() + "/missing.json", "--sut", "sharp"},
       "missing.json: No such file or directory"},
  };
  for (const auto& [args, expected] : usages) {
    // A plain reference: lambdas (CAPTURE's) cannot capture a structured binding
    // before clang 16.
    const std::string& expected_text = expected;
    CAPTURE(expected_text);
    check_rejected(run_cli(args, dir), expected);
  }
}
