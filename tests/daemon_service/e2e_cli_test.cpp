// The trex-search socket subcommands against the real daemon.
#include <doctest/doctest.h>

#include <csignal>

#include "service_test_support.hpp"

namespace trexsearch::servicetest {

TEST_CASE("trex-search submits, watches, lists, shows and fetches results from trex-searchd") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string spec =
      dir.write("spec.json", R"({"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
                       "min_load": 10000, "max_load": 2e6})");

  const CliRun status = run_cli(dir, {"status", "--socket", socket});
  CHECK(status.exit_code == 0);
  CHECK(status.out.find("running: nothing") != std::string::npos);
  CHECK(status.out.find("TRex: idle (endpoint tcp://127.0.0.1:4501; connects when a trex job runs)") !=
        std::string::npos);

  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--spec", spec, "--sut", "sharp", "--sut-option",
                    "capacity_pps=1e6", "--name", "demo", "--watch"});
  CHECK(submitted.exit_code == 0);
  CHECK(submitted.out.find("job 1 queued") != std::string::npos);
  CHECK(submitted.out.find("job 1 finished") != std::string::npos);

  const CliRun list = run_cli(dir, {"list", "--socket", socket});
  CHECK(list.exit_code == 0);
  CHECK(list.out.find("finished") != std::string::npos);
  CHECK(list.out.find("demo") != std::string::npos);

  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket, "--json"});
  REQUIRE(result.exit_code == 0);
  const Json::Value json = parse_json(result.out);
  CHECK(json["result"]["stop_reason"].asString() == "completed");
  CHECK(json["result"]["goals"].size() == 2);
  CHECK(json["result"]["trials"].size() == json["job"]["trial_count"].asUInt64());

  const CliRun table = run_cli(dir, {"result", "1", "--socket", socket});
  CHECK(table.out.find("NDR") != std::string::npos);
  CHECK(table.out.find("regular") != std::string::npos);

  const CliRun show = run_cli(dir, {"show", "1", "--socket", socket, "--no-trials"});
  CHECK(show.exit_code == 0);
  CHECK(show.out.find("job 1 (demo): finished") != std::string::npos);

  // The stored trials, analysed again with a goal the job never had.
  const std::string goals = dir.write("goals.json", R"([{"name": "LR1", "loss_ratio": 0.01}])");
  const CliRun again = run_cli(dir, {"reanalyze", "1", "--socket", socket, "--goals", goals});
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("job 1: ") != std::string::npos);
  CHECK(again.out.find("LR1: lower ") != std::string::npos);
  const CliRun again_json =
      run_cli(dir, {"reanalyze", "1", "--socket", socket, "--goals", goals, "--json"});
  REQUIRE(again_json.exit_code == 0);
  CHECK(parse_json(again_json.out)["goals"].size() == 1);
  const CliRun bad_goals = run_cli(
      dir, {"reanalyze", "1", "--socket", socket, "--goals", dir.write("bad.json", "{}")});
  CHECK(bad_goals.exit_code == 2);
  CHECK(bad_goals.err.find("bad.json") != std::string::npos);
}

TEST_CASE("a PLR job through the CLI: watch shows the estimate, result its interval") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string job = dir.write("soak.json", R"({"method": "plr", "name": "soak",
      "spec": {"min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
               "trial_duration_increment": 1, "time_budget": 60, "samples_per_trial": 2000},
      "measurer": {"kind": "sim", "model": "soak", "options": {"capacity_pps": 1e6}}})");
  const CliRun submitted = run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch"});
  INFO(submitted.out);
  CHECK(submitted.exit_code == 0);
  CHECK(submitted.out.find("job 1 finished") != std::string::npos);
  // Every trial line carries the estimate and the search time against the budget.
  CHECK(submitted.out.find("trial 1 [main] ") != std::string::npos);
  CHECK(submitted.out.find(" pps +- ") != std::string::npos);
  CHECK(submitted.out.find(" of 60 s\n") != std::string::npos);
  CHECK(submitted.out.find("; ;") == std::string::npos);

  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket});
  INFO(result.out);
  CHECK(result.exit_code == 0);
  CHECK(result.out.find("job 1: finished, soak time_budget") == 0);
  CHECK(result.out.find("critical load: estimate ") != std::string::npos);
  CHECK(result.out.find("  interval: ") != std::string::npos);
  CHECK(result.out.find("GOAL") == std::string::npos);

  const CliRun show = run_cli(dir, {"show", "1", "--socket", socket, "--no-trials"});
  CHECK(show.out.find("from the stored trials: estimate ") != std::string::npos);
}

TEST_CASE("trex-search reports daemon refusals and bad input with their exit codes") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string spec = dir.write("spec.json", R"({"goals": [{"loss_ratio": 3}]})");

  const CliRun missing = run_cli(dir, {"show", "42", "--socket", socket});
  CHECK(missing.exit_code == 4);
  CHECK(missing.err.find("no job 42") != std::string::npos);

  const CliRun invalid =
      run_cli(dir, {"submit", "--socket", socket, "--spec", spec, "--sut", "sharp"});
  CHECK(invalid.exit_code == 2);
  CHECK(invalid.err.find("spec.goals[0].loss_ratio") != std::string::npos);

  const CliRun usage = run_cli(dir, {"cancel", "--socket", socket});
  CHECK(usage.exit_code == 2);
  CHECK(usage.err.find("JOB") != std::string::npos);

  const CliRun nobody_home = run_cli(dir, {"status", "--socket", dir.file("nothing.sock")});
  CHECK(nobody_home.exit_code == 1);
  CHECK(nobody_home.err.find("is trex-searchd running?") != std::string::npos);

  const CliRun help = run_cli(dir, {"watch", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("Exit codes") != std::string::npos);
}

}  // namespace trexsearch::servicetest
