// `trex-search trend` and `compare` against the real daemon: a nightly series of MLR
// jobs on the sharp simulated SUT in virtual time (milliseconds each), with a
// tester-limited job and a cancelled one in it, then a step down; a PLR pair for
// the method check.
#include <doctest/doctest.h>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

constexpr const char* kSpec =
    R"({"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
        "min_load": 10000, "max_load": 2e6})";

struct Lab {
  TempDir dir;
  DaemonProcess daemon{dir, daemon_args(dir)};
  std::string socket = dir.file("control.sock");
  std::string spec = dir.write("mlr.json", kSpec);

  Lab() { REQUIRE(daemon.wait_ready()); }

  /// A finished nightly MLR job on a sharp SUT of this capacity.
  void nightly(const std::string& capacity) {
    REQUIRE(
        run_cli(dir, {"submit", "--socket", socket, "--spec", spec, "--sut", "sharp",
                      "--sut-option", "capacity_pps=" + capacity, "--name", "nightly", "--watch"})
            .exit_code == 0);
  }

  /// A job file of `name` on the fake exec measurer with these arguments.
  std::string job_file(const std::string& name, const std::string& measurer_arguments) {
    return dir.write(name + ".json", R"({"name": ")" + name + R"(", "spec": )" + kSpec +
                                         R"(, "measurer": {"kind": "exec", "time": "virtual",
                                         "command": ")" +
                                         fake_measurer_path() + " " + measurer_arguments +
                                         R"("}})");
  }

  CliRun cli(std::vector<std::string> args) {
    args.insert(args.begin() + 1, {"--socket", socket});
    return run_cli(dir, args);
  }
};

const Json::Value& series_of(const Json::Value& trend, const std::string& goal) {
  for (const Json::Value& series : trend["series"]) {
    if (series["goal"].asString() == goal) return series;
  }
  FAIL("no series " << goal);
  static const Json::Value none;
  return none;
}

}  // namespace

TEST_CASE("trend groups a nightly series, marks unclean and cancelled jobs, flags a step down") {
  Lab lab;
  for (const char* capacity : {"1e6", "1.001e6", "0.999e6", "1e6", "1.0005e6"}) {
    lab.nightly(capacity);  // jobs 1..5
  }
  const CliRun stable = lab.cli({"trend", "nightly"});
  INFO(stable.out, stable.err);
  CHECK(stable.exit_code == 0);
  CHECK(stable.out.find("trend of 'nightly', NDR (5 jobs, 5 grouped)") != std::string::npos);
  CHECK(stable.out.find("verdict: stable (one group)") != std::string::npos);

  // Job 6: the tester sends at most 0.5 Mpps, so its bounds are the tester's.
  REQUIRE(lab.cli({"submit", "--job-file",
                   lab.job_file("nightly", "--capacity 1e6 --max-tx-pps 5e5"), "--watch"})
              .exit_code == 5);
  // Job 8 is cancelled while queued behind job 7, whose measurer hangs.
  REQUIRE(lab.cli({"submit", "--job-file", lab.job_file("blocker", "--capacity 1e6 --hang-at 2")})
              .exit_code == 0);
  REQUIRE(
      lab.cli({"submit", "--spec", lab.spec, "--sut", "sharp", "--name", "nightly"}).exit_code ==
      0);
  REQUIRE(lab.cli({"cancel", "8"}).exit_code == 0);
  REQUIRE(lab.cli({"cancel", "7"}).exit_code == 0);
  CHECK(lab.cli({"watch", "7"}).exit_code == 3);  // returns once job 7 ended

  const CliRun marked = lab.cli({"trend", "nightly", "--goal", "NDR"});
  INFO(marked.out, marked.err);
  CHECK(marked.exit_code == 0);
  CHECK(marked.out.find("NDR (7 jobs, 5 grouped)") != std::string::npos);
  CHECK(marked.out.find(" *  not grouped: tester-limited") != std::string::npos);
  CHECK(marked.out.find("  8  ") != std::string::npos);
  CHECK(marked.out.find(" cancelled ") != std::string::npos);
  CHECK(marked.out.find("-  no result: cancelled by ") != std::string::npos);
  CHECK(marked.out.find("PDR") == std::string::npos);
  CHECK(marked.out.find("blocker") == std::string::npos);

  const CliRun with_unclean = lab.cli({"trend", "nightly", "--json", "--include-unclean"});
  REQUIRE(with_unclean.exit_code != 2);
  const Json::Value all = parse_json(with_unclean.out);
  CHECK(series_of(all, "NDR")["grouped_count"].asUInt64() == 6);
  CHECK(series_of(all, "NDR")["points"][5]["clean"].asBool() == false);
  CHECK(series_of(all, "NDR")["points"][5]["unclean_reason"].asString() == "tester-limited");

  lab.nightly("0.9e6");  // job 9
  lab.nightly("0.9e6");  // job 10
  const CliRun regressed = lab.cli({"trend", "nightly"});
  INFO(regressed.out, regressed.err);
  CHECK(regressed.exit_code == 6);
  CHECK(regressed.out.find("verdict: REGRESSION: the newest group (jobs 9..10)") !=
        std::string::npos);

  const CliRun json = lab.cli({"trend", "nightly", "--json"});
  CHECK(json.exit_code == 6);
  const Json::Value trend = parse_json(json.out);
  CHECK(trend["regression"].asBool());
  for (const char* goal : {"NDR", "PDR"}) {
    const Json::Value& series = series_of(trend, goal);
    CAPTURE(goal);
    CHECK(series["verdict"].asString() == "regression");
    CHECK(series["points"].size() == 9);
    CHECK(series["grouped_count"].asUInt64() == 7);
    REQUIRE(series["groups"].size() == 2);
    CHECK(series["groups"][0]["first_job"].asInt64() == 1);
    CHECK(series["groups"][0]["last_job"].asInt64() == 5);
    CHECK(series["groups"][1]["first_job"].asInt64() == 9);
    CHECK(series["groups"][1]["last_job"].asInt64() == 10);
    CHECK(series["groups"][1]["verdict"].asString() == "regression");
    CHECK(series["groups"][1]["change_percent"].asDouble() < -9.0);
    CHECK(series["groups"][1]["change_percent"].asDouble() > -11.0);
    CHECK(series["points"][6]["state"].asString() == "cancelled");
    CHECK(series["points"][6]["value_pps"].isNull());
    CHECK(series["points"][8]["group"].asUInt64() == 2);
  }

  const CliRun future = lab.cli({"trend", "nightly", "--since", "2100-01-01"});
  CHECK(future.exit_code == 2);
  CHECK(future.err.find("no ended job is named 'nightly' since 2100-01-01") != std::string::npos);
  const CliRun unknown = lab.cli({"trend", "nightly", "--goal", "XDR"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("--goal 'XDR': no result of these jobs has it (goals: NDR, PDR)") !=
        std::string::npos);
  CHECK(lab.cli({"trend"}).exit_code == 2);
}

TEST_CASE(
    "a 5 % regression in a noisy nightly history is flagged for every seed; noise alone never") {
  Lab lab;
  ControlClient client(lab.socket);
  const Json::Value spec = parse_json(kSpec);
  // Each history: 10 nights of a noisy SUT (0.2 % noise, a seed each), then two
  // at 95 % of its capacity ("drop"), or 12 nights unchanged ("noise").
  std::int64_t last = 0;
  auto night = [&](const std::string& name, double capacity, std::uint64_t seed) {
    Json::Value submit(Json::objectValue);
    submit["name"] = name;
    submit["spec"] = spec;
    submit["measurer"] = parse_json(R"({"kind": "sim", "model": "noisy"})");
    submit["measurer"]["options"]["capacity_pps"] = capacity;
    submit["measurer"]["seed"] = Json::UInt64{seed};
    const auto reply = client.request("submit", submit);
    REQUIRE(reply.result == protocol::ResultCode::success);
    last = reply.arguments["job"].asInt64();
  };
  constexpr int kSeeds = 4;
  for (int history = 0; history < kSeeds; ++history) {
    const std::uint64_t base = 1000 * static_cast<std::uint64_t>(history + 1);
    for (std::uint64_t i = 0; i < 12; ++i) {
      night("drop-" + std::to_string(history), i < 10 ? 1e6 : 0.95e6, base + i);
      night("noise-" + std::to_string(history), 1e6, base + 100 + i);
    }
  }
  const auto watch = client.request("watch", job_arguments(last), 2);
  REQUIRE(watch.result == protocol::ResultCode::success);
  if (!watch.arguments["ended"].asBool()) client.wait_event("job.ended");

  for (int history = 0; history < kSeeds; ++history) {
    CAPTURE(history);
    const CliRun drop = lab.cli({"trend", "drop-" + std::to_string(history), "--json"});
    INFO(drop.out, drop.err);
    CHECK(drop.exit_code == 6);
    const Json::Value dropped = parse_json(drop.out);
    for (const char* goal : {"NDR", "PDR"}) {
      CAPTURE(goal);
      const Json::Value& series = series_of(dropped, goal);
      CHECK(series["verdict"].asString() == "regression");
      const Json::Value& newest = series["groups"][series["groups"].size() - 1];
      CHECK(newest["change_percent"].asDouble() < -4.0);
      CHECK(newest["change_percent"].asDouble() > -6.0);
    }
    const CliRun noise = lab.cli({"trend", "noise-" + std::to_string(history)});
    INFO(noise.out, noise.err);
    CHECK(noise.exit_code == 0);
    CHECK(noise.out.find("REGRESSION") == std::string::npos);
    CHECK(noise.out.find("progression") == std::string::npos);
    CHECK(noise.out.find("verdict: stable (one group)") != std::string::npos);
  }
}

TEST_CASE("compare puts jobs side by side and exits 6 for a drop beyond both runs' spread") {
  Lab lab;
  lab.nightly("1e6");      // job 1
  lab.nightly("1.001e6");  // job 2: within the search's own width
  lab.nightly("0.9e6");    // job 3
  REQUIRE(lab.cli({"submit", "--job-file", lab.job_file("blocker", "--capacity 1e6 --hang-at 2")})
              .exit_code == 0);  // job 4
  REQUIRE(
      lab.cli({"submit", "--spec", lab.spec, "--sut", "sharp", "--name", "nightly"}).exit_code ==
      0);  // job 5, cancelled while queued
  REQUIRE(lab.cli({"cancel", "5"}).exit_code == 0);
  REQUIRE(lab.cli({"cancel", "4"}).exit_code == 0);
  CHECK(lab.cli({"watch", "4"}).exit_code == 3);

  const CliRun same = lab.cli({"compare", "1", "2"});
  INFO(same.out, same.err);
  CHECK(same.exit_code == 0);
  CHECK(same.out.find("within spread") != std::string::npos);
  CHECK(same.out.find("REGRESSION") == std::string::npos);

  const CliRun dropped = lab.cli({"compare", "1", "2", "3", "5"});
  INFO(dropped.out, dropped.err);
  CHECK(dropped.exit_code == 6);
  CHECK(dropped.out.find("REGRESSION: NDR of job 3 is ") != std::string::npos);
  CHECK(dropped.out.find("REGRESSION: PDR of job 3 is ") != std::string::npos);
  CHECK(dropped.out.find("(cancelled)") != std::string::npos);
  CHECK(dropped.out.find("cancelled: ") != std::string::npos);  // the state row with its reason

  const CliRun json = lab.cli({"compare", "1", "3", "--json"});
  CHECK(json.exit_code == 6);
  const Json::Value compared = parse_json(json.out);
  CHECK(compared["base_job"].asInt64() == 1);
  CHECK(compared["regression"].asBool());
  REQUIRE(compared["goals"].size() == 2);
  const Json::Value& ndr = compared["goals"][0];
  CHECK(ndr["goal"].asString() == "NDR");
  CHECK(ndr["values"][0]["difference_pps"].isNull());
  CHECK(ndr["values"][1]["beyond_spread"].asBool());
  CHECK(ndr["values"][1]["regression"].asBool());
  CHECK(ndr["values"][1]["value_kind"].asString() == "conditional_throughput");
  CHECK(ndr["values"][1]["difference_percent"].asDouble() < -9.0);
  CHECK(ndr["values"][1]["spread_high_pps"].asDouble() <
        ndr["values"][0]["spread_low_pps"].asDouble());

  // The other way round it is a progression: exit 0.
  CHECK(lab.cli({"compare", "3", "1"}).exit_code == 0);

  const CliRun missing = lab.cli({"compare", "1", "99"});
  CHECK(missing.exit_code == 4);
  CHECK(missing.err.find("job 99 not found") != std::string::npos);
  const CliRun one = lab.cli({"compare", "1"});
  CHECK(one.exit_code == 2);
  CHECK(one.err.find("at least two JOB ids (1 given)") != std::string::npos);
  CHECK(lab.cli({"compare", "1", "x"}).exit_code == 2);
  CHECK(lab.cli({"compare", "1", "1"}).exit_code == 2);

  // Different goals and different methods are refused, naming the jobs.
  const std::string one_goal = lab.dir.write(
      "ndr.json", R"({"goals": [{"name": "NDR"}], "min_load": 10000, "max_load": 2e6})");
  REQUIRE(lab.cli({"submit", "--spec", one_goal, "--sut", "sharp", "--watch"}).exit_code == 0);
  const CliRun goals = lab.cli({"compare", "1", "6"});
  CHECK(goals.exit_code == 2);
  CHECK(goals.err.find("job 6 has goals NDR but job 1 has NDR, PDR") != std::string::npos);
  const std::string wider = lab.dir.write(
      "pdr1.json", R"({"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.01}],
                                     "min_load": 10000, "max_load": 2e6})");
  REQUIRE(lab.cli({"submit", "--spec", wider, "--sut", "sharp", "--watch"}).exit_code == 0);
  const CliRun definition = lab.cli({"compare", "1", "7"});
  CHECK(definition.exit_code == 2);
  CHECK(definition.err.find("goal PDR: loss_ratio is 0.005 in job 1 but 0.01 in job 7") !=
        std::string::npos);
  const std::string plr =
      lab.dir.write("plr.json", R"({"min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
                      "trial_duration_increment": 1, "time_budget": 30,
                      "samples_per_trial": 2000, "samples_per_chunk": 1000, "seed": 11})");
  REQUIRE(lab.cli({"submit", "--method", "plr", "--spec", plr, "--sut", "sharp", "--watch"})
              .exit_code == 0);
  const CliRun methods = lab.cli({"compare", "1", "8"});
  CHECK(methods.exit_code == 2);
  CHECK(methods.err.find("job 8 is a plr job but job 1 is mlr") != std::string::npos);
}

TEST_CASE("a PLR soak's trend is one series of its estimates") {
  Lab lab;
  const std::string plr =
      lab.dir.write("plr.json", R"({"min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
                      "trial_duration_increment": 1, "time_budget": 30,
                      "samples_per_trial": 2000, "samples_per_chunk": 1000, "seed": 11})");
  for (const char* capacity : {"1e6", "1e6", "0.9e6"}) {
    REQUIRE(lab.cli({"submit", "--method", "plr", "--spec", plr, "--sut", "sharp", "--sut-option",
                     std::string("capacity_pps=") + capacity, "--name", "soak", "--watch"})
                .exit_code == 0);
  }
  const CliRun run = lab.cli({"trend", "soak", "--json"});
  INFO(run.out, run.err);
  CHECK(run.exit_code == 6);
  const Json::Value trend = parse_json(run.out);
  REQUIRE(trend["series"].size() == 1);
  const Json::Value& series = trend["series"][0];
  CHECK(series["goal"].asString() == "estimate");
  CHECK(series["points"][0]["value_kind"].asString() == "estimate_average");
  CHECK(series["points"][0]["stdev_pps"].asDouble() > 0.0);
  REQUIRE(series["groups"].size() == 2);
  CHECK(series["groups"][0]["last_job"].asInt64() == 2);
  CHECK(series["groups"][1]["first_job"].asInt64() == 3);
  CHECK(series["verdict"].asString() == "regression");
  // Only the first two: the same SUT twice, one group.
  const CliRun first_two = lab.cli({"compare", "1", "2"});
  CHECK(first_two.exit_code == 0);
  CHECK(first_two.out.find("estimate [frames/s]") != std::string::npos);
}

TEST_CASE("compare and trend are listed, and their help names exit code 6") {
  TempDir dir;
  const CliRun overview = run_cli(dir, {"--help"});
  CHECK(overview.out.find("  compare ") != std::string::npos);
  CHECK(overview.out.find("  trend ") != std::string::npos);
  for (const char* command : {"compare", "trend"}) {
    CAPTURE(command);
    const CliRun help = run_cli(dir, {"help", command});
    CHECK(help.exit_code == 0);
    CHECK(help.out.find(std::string("Usage: trex-search ") + command) == 0);
    CHECK(help.out.find("6 compare, trend: a regression was found") != std::string::npos);
    CHECK(run_cli(dir, {command, "--help"}).out == help.out);
  }
}

TEST_CASE("with --json a failed command prints its error as JSON on stdout too") {
  Lab lab;
  // The daemon refuses: its result code is the error's code, exit 4.
  const CliRun missing = lab.cli({"result", "99", "--json"});
  CHECK(missing.exit_code == 4);
  const Json::Value refused = parse_json(missing.out);
  CHECK(refused["error"]["code"].asString() == "not_found");
  CHECK(refused["error"]["exit_code"].asInt() == 4);
  CHECK(refused["error"]["message"].asString().find("99") != std::string::npos);
  CHECK(missing.err.find("trex-search: error: trex-searchd:") != std::string::npos);
  // A usage error and a failure to connect are JSON too; without --json stdout is empty.
  const CliRun usage = lab.cli({"show", "--json", "--bogus"});
  CHECK(usage.exit_code == 2);
  CHECK(parse_json(usage.out)["error"]["code"].asString() == "bad_usage");
  const CliRun unreachable =
      run_cli(lab.dir, {"status", "--socket", lab.dir.file("none.sock"), "--json"});
  CHECK(unreachable.exit_code == 1);
  CHECK(parse_json(unreachable.out)["error"]["code"].asString() == "failure");
  CHECK(lab.cli({"result", "99"}).out.empty());
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {

TEST_CASE("every daemon command's --json output is JSON, and its exit code the documented one") {
  Lab lab;
  lab.nightly("1e6");  // job 1, finished
  lab.nightly("1e6");  // job 2
  struct Case {
    std::vector<std::string> args;
    int exit_code;
    const char* error_code;  // nullptr: a success, its reply as JSON
  };
  const std::vector<Case> cases{
      {{"status"}, 0, nullptr},
      {{"list"}, 0, nullptr},
      {{"list", "--suites"}, 0, nullptr},
      {{"show", "1"}, 0, nullptr},
      {{"result", "1"}, 0, nullptr},
      {{"reanalyze", "1"}, 0, nullptr},
      {{"watch", "1"}, 0, nullptr},
      {{"compare", "1", "2"}, 0, nullptr},
      {{"trend", "nightly"}, 0, nullptr},
      {{"show", "99"}, 4, "not_found"},
      {{"result", "99"}, 4, "not_found"},
      {{"cancel", "99"}, 4, "not_found"},
      {{"delete", "99"}, 4, "not_found"},
      {{"watch", "99"}, 4, "not_found"},
      {{"reanalyze", "99"}, 4, "not_found"},
      {{"report", "99", "-o", "-"}, 4, "not_found"},
      {{"compare", "1", "99"}, 4, "not_found"},
      {{"show", "no-such-suite"}, 4, "not_found"},
      {{"cancel", "1"}, 4, "conflict"},
      {{"trend", "nothing-of-that-name"}, 2, "bad_input"},
      {{"show", "0"}, 2, "bad_usage"},
  };
  for (const Case& item : cases) {
    std::vector<std::string> args = item.args;
    args.emplace_back("--json");
    const CliRun run = lab.cli(args);
    std::string joined;
    for (const std::string& arg : args) joined += arg + " ";
    CAPTURE(joined);
    INFO(run.out, run.err);
    CHECK(run.exit_code == item.exit_code);
    REQUIRE_FALSE(run.out.empty());
    if (item.error_code != nullptr) {
      CHECK(parse_json(run.out)["error"]["code"].asString() == item.error_code);
      CHECK(parse_json(run.out)["error"]["exit_code"].asInt() == item.exit_code);
    } else if (item.args[0] == "watch") {
      const std::string last = run.out.substr(run.out.rfind('\n', run.out.size() - 2) + 1);
      CHECK(parse_json(last)["type"].asString() == "watch.ended");
    } else {
      CHECK(parse_json(run.out).isObject());
    }
  }
}

}  // namespace trexsearch::servicetest
