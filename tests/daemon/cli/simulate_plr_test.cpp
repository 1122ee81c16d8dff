#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "tests/daemon/cli/cli_test_support.hpp"

using namespace trexsearch::test;

namespace {

// A short soak: 60 s of virtual time, deterministic integration.
const std::string kShortSoak = R"({"target_loss_ratio": 1e-7, "max_load": 14880952,
  "trial_duration_first": 5.1, "trial_duration_increment": 0.1, "time_budget": 60,
  "samples_per_trial": 3000, "seed": 5})";

}  // namespace

TEST_CASE("simulate --method plr prints every trial with its estimate and the final estimate") {
  const TempDir dir;
  const std::string spec = dir.write("plr.json", kShortSoak);
  const auto result =
      run_cli({"simulate", "--method", "plr", "--spec", spec, "--sut", "soak"}, dir);
  REQUIRE(result.exit_code == 0);
  const Json::Value out = parse_output(result.out);
  const Json::Value& trials = out["trials"];
  REQUIRE(trials.size() >= 10);
  double effective_sum = 0.0;
  for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
    CAPTURE(i);
    CHECK(trials[i]["number"].asUInt64() == i + 1);
    CHECK(trials[i]["intended_duration"].asDouble() ==
          doctest::Approx(5.1 + 0.1 * static_cast<double>(i)));
    CHECK(trials[i]["offered_count"].isInt64());
    CHECK(trials[i]["fits"]["stretch"]["samples"].asUInt64() >= 3000);
    effective_sum += trials[i]["effective_duration"].asDouble();
  }
  CHECK(out["totals"]["trial_count"].asUInt64() == trials.size());
  CHECK(out["totals"]["effective_duration_sum"].asDouble() == doctest::Approx(effective_sum));
  CHECK(out["stop_reason"].asString() == "time_budget");
  // The final estimate is the last trial's, and the SUT's truth is reported beside it.
  const Json::Value& estimate = out["estimate"];
  CHECK(estimate["average"].asDouble() ==
        trials[trials.size() - 1]["estimate"]["average"].asDouble());
  CHECK(estimate["lower"].asDouble() < estimate["average"].asDouble());
  const double truth = out["sut_critical_load"].asDouble();
  CHECK(std::abs(estimate["average"].asDouble() - truth) / truth < 0.01);
  CHECK(out["spec"]["seed"].asUInt64() == 5);
}

TEST_CASE("simulate --method plr is reproducible with a seed and samples_per_trial") {
  const TempDir dir;
  const std::string spec = dir.write("plr.json", kShortSoak);
  const auto first = run_cli({"simulate", "--method", "plr", "--spec", spec, "--sut", "soak"}, dir);
  const auto second =
      run_cli({"simulate", "--method", "plr", "--spec", spec, "--sut", "soak"}, dir);
  REQUIRE(first.exit_code == 0);
  CHECK(first.out == second.out);
}

TEST_CASE("simulate --method plr --table gives the estimate, the truth and the trend") {
  const TempDir dir;
  const std::string spec = dir.write("plr.json", kShortSoak);
  const auto result =
      run_cli({"simulate", "--method", "plr", "--spec", spec, "--sut", "soak", "--table"}, dir);
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find("critical load") != std::string::npos);
  CHECK(result.out.find("true critical load") != std::string::npos);
}

TEST_CASE("bad PLR specs and options are named, exit 2") {
  const TempDir dir;
  const auto check = [&](const std::string& spec_text, const std::string& expected) {
    const std::string spec = dir.write("bad.json", spec_text);
    const auto result =
        run_cli({"simulate", "--method", "plr", "--spec", spec, "--sut", "soak"}, dir);
    CAPTURE(spec_text);
    CHECK(result.exit_code == 2);
    CHECK(result.err.find(expected) != std::string::npos);
  };
  check(R"({"target_loss_ratio": 1.5})", "target_loss_ratio = 1.5");
  check(R"({"time_budgett": 60})", "time_budgett");
  check(R"({"likelihood": "normal"})", "likelihood = \"normal\"");
  check(R"({"samples_per_trial": -3})", "samples_per_trial = -3");
  check(R"({"threads_per_fit": 0})", "threads_per_fit = 0");
  const auto method = run_cli({"simulate", "--method", "xyz", "--spec", "x", "--sut", "soak"}, dir);
  CHECK(method.exit_code == 2);
  CHECK(method.err.find("--method 'xyz'") != std::string::npos);
}

TEST_CASE("simulate --method plr exits 5 when tester-limited trials bound its estimate") {
  const TempDir dir;
  const std::string spec = dir.write("plr.json", kShortSoak);
  // The SUT forwards 2 Mpps, the tester sends at most 900 kpps: the estimate is the tester's.
  const auto result = run_cli({"simulate", "--method", "plr", "--spec", spec, "--measurer-cmd",
                               capped_sut_measurer(dir, 2e6, 9e5), "--progress"},
                              dir);
  INFO(result.err);
  CHECK(result.exit_code == 5);
  CHECK(result.err.find("TESTER-LIMITED 900 kpps") != std::string::npos);
  CHECK(result.err.find("trex-search: not a clean result: ") != std::string::npos);
  const Json::Value out = parse_output(result.out);
  CHECK(out["tester_limited"].asBool());
  CHECK(out["tester_limit"]["reached_pps"].asDouble() == doctest::Approx(9e5));
  // The SUT never lost a frame: the tester's full losses are what bound the estimate.
  CHECK(out["tester_limit"]["lowest_sut_lossy_load"].isNull());
  CHECK(out["tester_limit"]["trials_below_sut_loss"].asUInt64() ==
        out["tester_limit"]["trials"].asUInt64());
  CHECK(out["tester_limit"]["estimate_upper_end"].asDouble() ==
        doctest::Approx(out["estimate"]["average"].asDouble() +
                        2.0 * out["estimate"]["stdev"].asDouble()));

  const auto table = run_cli({"simulate", "--method", "plr", "--spec", spec, "--measurer-cmd",
                              capped_sut_measurer(dir, 2e6, 9e5), "--table"},
                             dir);
  CHECK(table.exit_code == 5);
  CHECK(table.out.find("tester-limited trials  ") != std::string::npos);
  CHECK(table.out.find(": TESTER-LIMITED, the estimate may be the tester's") != std::string::npos);
}

TEST_CASE("simulate --method plr with a tester well above the SUT's critical load exits 0") {
  const TempDir dir;
  const std::string spec = dir.write("plr.json", kShortSoak);
  const auto result = run_cli({"simulate", "--method", "plr", "--spec", spec, "--measurer-cmd",
                               capped_sut_measurer(dir, 1e6, 5e6)},
                              dir);
  CHECK(result.exit_code == 0);
  const Json::Value out = parse_output(result.out);
  CHECK_FALSE(out["tester_limited"].asBool());
  CHECK(out["tester_limit"]["trials"].asUInt64() > 0);
  CHECK(out["tester_limit"]["trials_near_estimate"].asUInt64() == 0);
  CHECK(out["tester_limit"]["trials_below_sut_loss"].asUInt64() == 0);
}
