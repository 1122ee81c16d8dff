#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "tests/daemon/cli/cli_test_support.hpp"

using namespace trexsearch::test;

namespace {

const std::string kSpec = kExamples + "/spec-ndr-pdr.json";
const std::string kSharpSut = kExamples + "/sharp_sut.py";

/// The checks every simulate output must pass: all documented fields present,
/// totals equal to the sums over the trials, goals in spec order.
void check_search_output(const Json::Value& out, const std::vector<std::string>& goal_names) {
  REQUIRE(out.isObject());
  const Json::Value& trials = out["trials"];
  REQUIRE(trials.isArray());
  REQUIRE_FALSE(trials.empty());
  double effective_sum = 0.0;
  for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
    const Json::Value& trial = trials[i];
    CAPTURE(i);
    CHECK(trial["number"].asUInt64() == i + 1);
    CHECK(std::set<std::string>{"warmup", "initial", "main"}.count(trial["phase"].asString()) == 1);
    CHECK(trial["load"].asDouble() > 0.0);
    CHECK(trial["intended_duration"].asDouble() > 0.0);
    CHECK(trial["effective_duration"].asDouble() > 0.0);
    CHECK(trial["offered_count"].isInt64());
    CHECK(trial["loss_count"].isInt64());
    CHECK(trial["intended_count"].isInt64());
    const double offered = trial["offered_count"].asDouble();
    const double expected_ratio =
        offered > 0 ? std::fabs(trial["loss_count"].asDouble()) / offered : 0.0;
    CHECK(trial["loss_ratio"].asDouble() == doctest::Approx(expected_ratio).epsilon(1e-12));
    CHECK(trial["notes"].isArray());
    CHECK(trial["started_at"].asDouble() == doctest::Approx(effective_sum).epsilon(1e-12));
    effective_sum += trial["effective_duration"].asDouble();
  }
  const Json::Value& totals = out["totals"];
  CHECK(totals["trial_count"].asUInt64() == trials.size());
  CHECK(totals["effective_duration_sum"].asDouble() ==
        doctest::Approx(effective_sum).epsilon(1e-12));
  // Virtual time moves only with trials.
  CHECK(totals["search_duration"].asDouble() == doctest::Approx(effective_sum).epsilon(1e-12));
  CHECK(out["stop_reason"].isString());
  CHECK(out["stop_detail"].isString());
  REQUIRE(out["goals"].size() == goal_names.size());
  for (Json::ArrayIndex i = 0; i < goal_names.size(); ++i) {
    const Json::Value& goal = out["goals"][i];
    CHECK(goal["name"].asString() == goal_names[i]);
    for (const char* key : {"relevant_lower_bound", "relevant_upper_bound",
                            "conditional_throughput", "regular", "goal", "loads"}) {
      CHECK_MESSAGE(goal.isMember(key), key);
    }
  }
}

/// NDR and PDR of a sharp SUT with capacity C bracket C within the goal width.
void check_brackets_capacity(const Json::Value& out, double capacity) {
  for (const Json::Value& goal : out["goals"]) {
    CAPTURE(goal["name"].asString());
    CHECK(goal["regular"].asBool());
    const double lower = goal["relevant_lower_bound"].asDouble();
    const double upper = goal["relevant_upper_bound"].asDouble();
    CHECK(lower < upper);
    CHECK((upper - lower) / upper <= 0.005);
  }
  const Json::Value& ndr = out["goals"][0];
  CHECK(ndr["relevant_lower_bound"].asDouble() <= capacity);
  CHECK(ndr["relevant_upper_bound"].asDouble() > capacity);
  // PDR tolerates 0.5 % loss: its conditional throughput is the forwarded rate, C.
  const Json::Value& pdr = out["goals"][1];
  CHECK(pdr["conditional_throughput"].asDouble() == doctest::Approx(capacity).epsilon(1e-6));
}

std::string python_measurer(const std::string& arguments) {
  return "python3 " + shell_quote(kSharpSut) + " " + arguments;
}

}  // namespace

TEST_CASE("simulate with the example external measurer (python, sharp SUT at 1 Mpps)") {
  const TempDir dir;
  const auto result =
      run_cli({"simulate", "--spec", kSpec, "--measurer-cmd", python_measurer("1e6")}, dir);
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  const Json::Value out = parse_output(result.out);
  check_search_output(out, {"NDR", "PDR"});
  CHECK(out["stop_reason"].asString() == "completed");
  check_brackets_capacity(out, 1e6);
}

TEST_CASE("simulate sums the measurer's effective durations (overhead 0.5 s)") {
  const TempDir dir;
  const auto result =
      run_cli({"simulate", "--spec", kSpec, "--measurer-cmd", python_measurer("1e6 0.5")}, dir);
  REQUIRE(result.exit_code == 0);
  const Json::Value out = parse_output(result.out);
  check_search_output(out, {"NDR", "PDR"});
  for (const Json::Value& trial : out["trials"]) {
    CHECK(trial["effective_duration"].asDouble() == trial["intended_duration"].asDouble() + 0.5);
  }
}

TEST_CASE("simulate with the built-in sharp SUT gives the same trials as the python one") {
  const TempDir dir;
  const auto builtin = run_cli(
      {"simulate", "--spec", kSpec, "--sut", "sharp", "--sut-option", "capacity_pps=1e6"}, dir);
  REQUIRE(builtin.exit_code == 0);
  const Json::Value out = parse_output(builtin.out);
  check_search_output(out, {"NDR", "PDR"});
  check_brackets_capacity(out, 1e6);
  const auto external =
      run_cli({"simulate", "--spec", kSpec, "--measurer-cmd", python_measurer("1e6")}, dir);
  const Json::Value other = parse_output(external.out);
  REQUIRE(other["trials"].size() == out["trials"].size());
  for (Json::ArrayIndex i = 0; i < out["trials"].size(); ++i) {
    CHECK(other["trials"][i]["load"].asDouble() == out["trials"][i]["load"].asDouble());
    CHECK(other["trials"][i]["loss_count"].asInt64() == out["trials"][i]["loss_count"].asInt64());
  }
}

TEST_CASE("simulate with a noisy SUT is reproducible per seed") {
  const TempDir dir;
  const std::vector<std::string> args{
      "simulate",     "--spec",           kSpec,          "--sut",     "noisy",
      "--sut-option", "capacity_pps=2e6", "--sut-option", "noise=0.01"};
  auto with_seed = [&](const char* seed) {
    auto full = args;
    full.insert(full.end(), {"--seed", seed});
    return run_cli(full, dir);
  };
  const auto first = with_seed("7");
  const auto again = with_seed("7");
  const auto other = with_seed("8");
  REQUIRE(first.exit_code == 0);
  check_search_output(parse_output(first.out), {"NDR", "PDR"});
  CHECK(first.out == again.out);
  CHECK(first.out != other.out);
}

TEST_CASE("simulate --progress prints one line per trial to stderr") {
  const TempDir dir;
  const auto result = run_cli({"simulate", "--spec", kSpec, "--sut", "sharp", "--sut-option",
                               "capacity_pps=1e6", "--progress"},
                              dir);
  REQUIRE(result.exit_code == 0);
  const auto trials = parse_output(result.out)["trials"].size();
  CHECK(static_cast<std::size_t>(std::count(result.err.begin(), result.err.end(), '\n')) == trials);
  CHECK(result.err.find("trial 1 [initial] load 14880952.0 pps, 1 s: loss ") == 0);
  CHECK(result.err.find("; NDR [") != std::string::npos);
  CHECK(result.err.find("] done") != std::string::npos);
}

TEST_CASE("a measurer failure stops the search early: exit 3 with the partial result") {
  const TempDir dir;
  // Two good trials, then an error reply.
  const std::string measurer = R"(read l; echo '{"offered_count": 100, "loss_count": 0}'; )"
                               R"(read l; echo '{"offered_count": 100, "loss_count": 50}'; )"
                               R"(read l; echo '{"error": "tester lost link"}'; read l)";
  const auto result = run_cli({"simulate", "--spec", kSpec, "--measurer-cmd", measurer}, dir);
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("search stopped early (measurer_failed)") != std::string::npos);
  const Json::Value out = parse_output(result.out);
  CHECK(out["stop_reason"].asString() == "measurer_failed");
  CHECK(out["stop_detail"].asString().find("tester lost link") != std::string::npos);
  CHECK(out["trials"].size() == 2);
  CHECK(out["totals"]["trial_count"].asUInt64() == 2);
  CHECK(out["goals"][0]["regular"].asBool() == false);
}

TEST_CASE("a measurer that dies is reported with its exit status: exit 3") {
  const TempDir dir;
  const auto result =
      run_cli({"simulate", "--spec", kSpec, "--measurer-cmd", "read l; exit 4"}, dir);
  CHECK(result.exit_code == 3);
  const Json::Value out = parse_output(result.out);
  CHECK(out["stop_reason"].asString() == "measurer_failed");
  CHECK(out["stop_detail"].asString().find("exited with status 4") != std::string::npos);
  CHECK(out["trials"].empty());
}

TEST_CASE("search_duration_max on the virtual clock stops the search: exit 3") {
  const TempDir dir;
  const std::string spec = dir.write("spec.json", R"({"goals": [{"name": "NDR"}],
      "min_load": 9001, "max_load": 14880952, "search_duration_max": 5, "warmup_duration": 0})");
  const auto result = run_cli({"simulate", "--spec", spec, "--sut", "sharp"}, dir);
  CHECK(result.exit_code == 3);
  const Json::Value out = parse_output(result.out);
  check_search_output(out, {"NDR"});
  CHECK(out["stop_reason"].asString() == "search_time_exceeded");
  CHECK(out["totals"]["search_duration"].asDouble() >= 5.0);
}

TEST_CASE("min load failing a fail-fast goal stops the search: exit 3") {
  const TempDir dir;
  const auto result = run_cli(
      {"simulate", "--spec", kSpec, "--sut", "sharp", "--sut-option", "capacity_pps=5000"}, dir);
  CHECK(result.exit_code == 3);
  const Json::Value out = parse_output(result.out);
  CHECK(out["stop_reason"].asString() == "fail_fast");
}

TEST_CASE("the spec's strategy picks the load selection: fast spends less trial time here") {
  const TempDir dir;
  const char* const goals = R"({"goals": [{"name": "RFC2544", "exceed_ratio": 0,
      "final_trial_duration": 60, "duration_sum": 60, "fail_fast": false}],
      "min_load": 9001, "max_load": 14880952, "warmup_duration": 0)";
  const auto trial_seconds = [&](const std::string& strategy) {
    const std::string spec =
        dir.write(strategy + ".json", std::string(goals) + R"(, "strategy": ")" + strategy + "\"}");
    const auto result = run_cli(
        {"simulate", "--spec", spec, "--sut", "sharp", "--sut-option", "capacity_pps=1e6"}, dir);
    REQUIRE(result.exit_code == 0);
    const Json::Value out = parse_output(result.out);
    check_search_output(out, {"RFC2544"});
    double sum = 0.0;
    for (const Json::Value& trial : out["trials"]) sum += trial["intended_duration"].asDouble();
    return sum;
  };
  const double csit = trial_seconds("csit");
  const double fast = trial_seconds("fast");
  CHECK(fast < csit);
  CHECK(fast < 100.0);  // one 60 s trial and a few 1 s ones
}

TEST_CASE("a warmup trial is listed first and counted in the totals") {
  const TempDir dir;
  const std::string spec = dir.write("spec.json", R"({"goals": [{"name": "NDR"}],
      "min_load": 9001, "max_load": 2e6, "warmup_duration": 2})");
  const auto result = run_cli(
      {"simulate", "--spec", spec, "--sut", "sharp", "--sut-option", "capacity_pps=1e6"}, dir);
  REQUIRE(result.exit_code == 0);
  const Json::Value out = parse_output(result.out);
  check_search_output(out, {"NDR"});
  CHECK(out["trials"][0]["phase"].asString() == "warmup");
  CHECK(out["trials"][0]["intended_duration"].asDouble() == 2.0);
}

TEST_CASE("SIGINT during a trial stops the search: exit 3 with the partial result") {
  const TempDir dir;
  const std::string fifo = (dir.path() / "busy").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Answers the first trial, then tells us it is busy with the second and never
  // answers it; it exits at EOF like a well-behaved measurer.
  const std::string measurer = R"(read l; echo '{"offered_count": 100, "loss_count": 0}'; )"
                               "read l; echo busy > " +
                               shell_quote(fifo) + "; read l";
  const pid_t pid = start_process(
      {kTrexSearch, "simulate", "--spec", kSpec, "--measurer-cmd", measurer}, "", dir);
  // Non-blocking open so that a trex-search that dies early cannot hang the test;
  // poll() then waits for the measurer's line (no POLLHUP before a writer came).
  const int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(fd >= 0);
  pollfd entry{fd, POLLIN, 0};
  const bool busy = ::poll(&entry, 1, 60000) == 1;
  ::close(fd);
  ::kill(pid, SIGINT);
  const ProcessResult result = finish_process(pid, dir);
  REQUIRE(busy);
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("Interrupt received: stopping the search") != std::string::npos);
  const Json::Value out = parse_output(result.out);
  CHECK(out["stop_reason"].asString() == "cancelled");
  CHECK(out["trials"].size() == 1);
}

TEST_CASE("simulate exits 5 when the tester, not the SUT, set the upper bounds") {
  const TempDir dir;
  const auto result = run_cli({"simulate", "--spec", kSpec, "--measurer-cmd",
                               capped_sut_measurer(dir, 1e6, 9e5), "--table", "--progress"},
                              dir);
  INFO(result.out);
  INFO(result.err);
  CHECK(result.exit_code == 5);
  CHECK(result.out.find("TESTER-LIMITED (tester reached 900000.0 pps)") != std::string::npos);
  CHECK(result.out.find("NDR: the upper bound ") != std::string::npos);
  CHECK(result.err.find("  TESTER-LIMITED 900 kpps; NDR [") != std::string::npos);
  CHECK(result.err.find("\n    tester_limited: sent ") != std::string::npos);
  CHECK(result.err.find("trex-search: not a clean result: NDR's upper bound is the tester's") !=
        std::string::npos);

  const auto json = run_cli(
      {"simulate", "--spec", kSpec, "--measurer-cmd", capped_sut_measurer(dir, 1e6, 9e5)}, dir);
  CHECK(json.exit_code == 5);
  const Json::Value out = parse_output(json.out);
  CHECK(out["goals"][0]["tester_limited"]["reached_pps"].asDouble() == 9e5);
  CHECK(out["goals"][0]["clean"].asBool() == false);
}

TEST_CASE("simulate exits 0 when only trials far above the SUT's limit were tester-limited") {
  const TempDir dir;
  const auto result = run_cli(
      {"simulate", "--spec", kSpec, "--measurer-cmd", capped_sut_measurer(dir, 1e6, 5e6)}, dir);
  CHECK(result.exit_code == 0);
  const Json::Value out = parse_output(result.out);
  CHECK(out["trials"][0]["tester_limited_pps"].asDouble() == 5e6);
  CHECK(out["trials"][0]["loss_ratio"].asDouble() == 1.0);
  for (const Json::Value& goal : out["goals"]) {
    CHECK(goal["tester_limited"].isNull());
    CHECK(goal["clean"].asBool());
  }
}
