#include <doctest/doctest.h>

#include "tests/daemon/cli/cli_test_support.hpp"

using namespace trexsearch::test;

namespace {

const std::string kExample = kExamples + "/analyze-ndr-pdr.json";

void check_load(const Json::Value& load, double load_pps, const char* classification,
                double full_low, double full_high, double short_low, double short_high,
                unsigned count) {
  CAPTURE(load_pps);
  CHECK(load["load"].asDouble() == load_pps);
  CHECK(load["classification"].asString() == classification);
  CHECK(load["full_length_low_loss"].asDouble() == full_low);
  CHECK(load["full_length_high_loss"].asDouble() == full_high);
  CHECK(load["short_low_loss"].asDouble() == short_low);
  CHECK(load["short_high_loss"].asDouble() == short_high);
  CHECK(load["trial_count"].asUInt() == count);
}

}  // namespace

// docs/examples/analyze-ndr-pdr.json, worked by hand (draft-06 Appendix A and B):
//   1.00e6: 11 x 1 s, loss 0
//   1.01e6: 11 x 1 s, loss 5050 of 1010000 = 0.005 exactly
//   1.02e6: 1 s loss 0.01; 1 s (effective 1.25 s) loss 0.01; 0.5 s loss 0
//   1.03e6: 11 x 1 s, loss 0.02
// NDR (loss 0, exceed 0.5, sum 21): 1.00e6 lower (good 11 s; 21 - 11 <= 10.5);
//   1.01e6 upper (0.005 > 0); 1.02e6 undecided (bad 2.25 s <= 10.5 but
//   21 - 0 > 10.5); RLB 1.00e6, RUB 1.01e6: 0.0099 wide > 0.005, too_wide.
//   CT: remaining 10.5 s of the 11 s at loss 0 -> 1.00e6.
// PDR (loss 0.005, width 0.02): 1.01e6 is low-loss (0.005 is not > 0.005) so a
//   lower bound; RUB is 1.03e6 (1.02e6 undecided), width 0.0194 <= 0.02: regular;
//   CT = 1.01e6 * (1 - 0.005) = 1004950.
// strict (exceed 0, sum 5): 1.02e6 is an upper bound (any high-loss second is);
//   RLB 1.00e6, RUB 1.01e6, width 0.0099 <= 0.02: regular, CT 1.00e6.
TEST_CASE("analyze: the documented example, computed by hand") {
  const TempDir dir;
  const auto result = run_cli({"analyze", kExample}, dir);
  REQUIRE(result.exit_code == 0);
  CHECK(result.err.empty());
  const Json::Value goals = parse_output(result.out);
  REQUIRE(goals.isArray());
  REQUIRE(goals.size() == 3);

  const Json::Value& ndr = goals[0];
  CHECK(ndr["name"].asString() == "NDR");
  CHECK(ndr["relevant_lower_bound"].asDouble() == 1e6);
  CHECK(ndr["relevant_upper_bound"].asDouble() == 1.01e6);
  CHECK(ndr["conditional_throughput"].asDouble() == 1e6);
  CHECK(ndr["regular"].asBool() == false);
  CHECK(ndr["irregular_reason"].asString() == "too_wide");
  CHECK_FALSE(ndr["irregular_detail"].asString().empty());
  REQUIRE(ndr["loads"].size() == 4);
  check_load(ndr["loads"][0], 1e6, "lower_bound", 11, 0, 0, 0, 11);
  check_load(ndr["loads"][1], 1.01e6, "upper_bound", 0, 11, 0, 0, 11);
  check_load(ndr["loads"][2], 1.02e6, "undecided", 0, 2.25, 0.5, 0, 3);
  check_load(ndr["loads"][3], 1.03e6, "upper_bound", 0, 11, 0, 0, 11);

  const Json::Value& pdr = goals[1];
  CHECK(pdr["name"].asString() == "PDR");
  CHECK(pdr["relevant_lower_bound"].asDouble() == 1.01e6);
  CHECK(pdr["relevant_upper_bound"].asDouble() == 1.03e6);
  CHECK(pdr["conditional_throughput"].asDouble() == doctest::Approx(1004950.0).epsilon(1e-12));
  CHECK(pdr["regular"].asBool());
  CHECK_FALSE(pdr.isMember("irregular_reason"));
  check_load(pdr["loads"][1], 1.01e6, "lower_bound", 11, 0, 0, 0, 11);
  check_load(pdr["loads"][2], 1.02e6, "undecided", 0, 2.25, 0.5, 0, 3);

  const Json::Value& strict = goals[2];
  CHECK(strict["relevant_lower_bound"].asDouble() == 1e6);
  CHECK(strict["relevant_upper_bound"].asDouble() == 1.01e6);
  CHECK(strict["conditional_throughput"].asDouble() == 1e6);
  CHECK(strict["regular"].asBool());
  CHECK(strict["goal"]["duration_sum"].asDouble() == 5.0);
  check_load(strict["loads"][2], 1.02e6, "upper_bound", 0, 2.25, 0.5, 0, 3);
}

TEST_CASE("analyze reads stdin for -, and gives the same result") {
  const TempDir dir;
  const auto from_file = run_cli({"analyze", kExample}, dir);
  const auto from_stdin = run_cli({"analyze", "-"}, dir, read_file(kExample));
  CHECK(from_stdin.exit_code == 0);
  CHECK(from_stdin.out == from_file.out);
}

TEST_CASE("analyze --table prints one row per goal, and why irregular ones are irregular") {
  const TempDir dir;
  const auto result = run_cli({"analyze", "--table", kExample}, dir);
  CHECK(result.exit_code == 0);
  CHECK(
      result.out ==
      "goal    lower bound [pps]  upper bound [pps]  cond. throughput [pps]  result\n"
      "NDR             1000000.0          1010000.0               1000000.0  irregular: too_wide\n"
      "PDR             1010000.0          1030000.0               1004950.0  regular\n"
      "strict          1000000.0          1010000.0               1000000.0  regular\n"
      "NDR: relevant bounds 1000000 pps and 1010000 pps are 0.009900990099009901 apart "
      "(relative), wider than the goal width 0.005\n");
}

TEST_CASE("analyze: no trials at all gives irregular results, not an error") {
  const TempDir dir;
  const auto result = run_cli({"analyze", "-"}, dir, R"({"goals": [{}], "trials": []})");
  REQUIRE(result.exit_code == 0);
  const Json::Value goals = parse_output(result.out);
  CHECK(goals[0]["name"].asString() == "goal 1");
  CHECK(goals[0]["relevant_lower_bound"].isNull());
  CHECK(goals[0]["conditional_throughput"].isNull());
  CHECK(goals[0]["regular"].asBool() == false);
  CHECK(goals[0]["loads"].empty());
}

TEST_CASE("analyze: with load limits, max load as a lower bound is named") {
  const TempDir dir;
  std::string trials;
  for (int i = 0; i < 11; ++i) {
    trials += std::string(i != 0 ? "," : "") +
              R"({"load": 2e6, "intended_duration": 1, "loss_ratio": 0})";
  }
  const auto result =
      run_cli({"analyze", "-"}, dir,
              R"({"goals": [{}], "min_load": 1e4, "max_load": 2e6, "trials": [)" + trials + "]}");
  REQUIRE(result.exit_code == 0);
  const Json::Value goals = parse_output(result.out);
  CHECK(goals[0]["relevant_lower_bound"].asDouble() == 2e6);
  CHECK(goals[0]["relevant_upper_bound"].isNull());
  CHECK(goals[0]["irregular_reason"].asString() == "max_load_is_lower_bound");
}
