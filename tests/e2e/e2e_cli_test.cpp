// The trex-search socket subcommands against the real daemon.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <sstream>
#include <vector>

#include "daemon/cli/client/watch_job.hpp"
#include "daemon/cli/command/client_connection.hpp"
#include "tests/daemon/support/service_test_support.hpp"

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
  CHECK(status.out.find(
            "TRex: idle (endpoint tcp://127.0.0.1:4501; connects when a trex job runs)") !=
        std::string::npos);
  // The socket option also goes before the command, in both spellings.
  const CliRun socket_first = run_cli(dir, {"--socket", socket, "status"});
  CHECK(socket_first.exit_code == 0);
  CHECK(socket_first.out.find("running: nothing") != std::string::npos);
  CHECK(run_cli(dir, {"--socket=" + socket, "status"}).exit_code == 0);
  // So do the other options every daemon command shares.
  const CliRun shared_first =
      run_cli(dir, {"--json", "--timeout", "5", "--socket", socket, "status"});
  CHECK(shared_first.exit_code == 0);
  CHECK(parse_json(shared_first.out).isObject());

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
  const CliRun bad_goals =
      run_cli(dir, {"reanalyze", "1", "--socket", socket, "--goals", dir.write("bad.json", "{}")});
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
  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch"});
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
  // A simulated SUT never limits the tester.
  CHECK(show.out.find("tester: ") == std::string::npos);
  CHECK(result.out.find("notes: none\n") != std::string::npos);
  const Json::Value shown =
      parse_json(run_cli(dir, {"show", "1", "--socket", socket, "--no-trials", "--json"}).out);
  CHECK(shown["tester_limited"].asBool() == false);
  CHECK(shown["tester_limit"]["trials"].asUInt64() == 0);
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

namespace trexsearch::servicetest {

TEST_CASE("a job whose upper bounds are the tester's: watch marks it, result says so, exit 5") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  // A SUT of 2 Mpps behind a tester that sends at most 1 Mpps (one direction).
  const std::string job =
      dir.write("job.json", R"({"name": "capped",
      "spec": {"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
               "min_load": 10000, "max_load": 4e6},
      "measurer": {"kind": "exec", "time": "virtual", "command": ")" +
                                fake_measurer_path() + R"( --capacity 2e6 --max-tx-pps 1e6"}})");
  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch"});
  INFO(submitted.out);
  CHECK(submitted.exit_code == 5);
  CHECK(submitted.out.find("job 1 finished") != std::string::npos);
  // Trial 1 (warmup) is at max load (4 Mpps): the tester reached a quarter of it.
  CHECK(submitted.out.find("trial 1 [warmup] 4000000.0 pps, 1 s: loss 100 %  TESTER-LIMITED "
                           "1.00 Mpps\n"
                           "    counted as full loss (tester-limited); its counts give loss 75 %\n"
                           "    tester_limited: direction 0->1 sent 1000000 of 4000000 intended "
                           "frames\n") != std::string::npos);
  CHECK(submitted.out.find("job 1: not a clean result: NDR's upper bound is the tester's") !=
        std::string::npos);
  const CliRun again = run_cli(dir, {"reanalyze", "1", "--socket", socket});
  CHECK(again.out.find("  TESTER-LIMITED (tester reached 1000000.0 pps)") != std::string::npos);
  CHECK(run_cli(dir, {"watch", "1", "--socket", socket}).exit_code == 5);
  const CliRun watched = run_cli(dir, {"watch", "1", "--socket", socket, "--json"});
  CHECK(watched.exit_code == 5);
  // An ended job: watch.started, then watch.ended with the exit code and why.
  const std::string last_line =
      watched.out.substr(watched.out.rfind('\n', watched.out.size() - 2) + 1);
  const Json::Value ended = parse_json(last_line);
  CHECK(ended["type"].asString() == "watch.ended");
  CHECK(ended["arguments"]["exit_code"].asInt() == 5);
  CHECK(ended["arguments"]["reason"].asString().find("not a clean result") == 0);

  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket});
  INFO(result.out);
  CHECK(result.exit_code == 5);
  CHECK(result.out.find("TESTER-LIMITED (tester reached 1000000.0 pps)") != std::string::npos);
  CHECK(result.out.find("the bound describes the tester, not the SUT") != std::string::npos);
  CHECK(result.out.find("per direction at the relevant bounds") != std::string::npos);
  CHECK(result.out.find("notes: ") != std::string::npos);
  CHECK(result.out.find(" tester_limited (at ") != std::string::npos);
  CHECK(result.out.find("counters: flow_stats (all ") != std::string::npos);

  const CliRun json = run_cli(dir, {"result", "1", "--socket", socket, "--json"});
  CHECK(json.exit_code == 5);
  const Json::Value parsed = parse_json(json.out);
  CHECK(parsed["result"]["goals"][0]["tester_limited"]["reached_pps"].asDouble() == 1e6);
  CHECK(parsed["result"]["goals"][0]["clean"].asBool() == false);
  CHECK(parsed["result"]["trials"][0]["tester_limited_pps"].asDouble() == 1e6);
  CHECK(parsed["result"]["trials"][0]["directions"][0]["unsent"].asInt64() == 3000000);

  const CliRun show = run_cli(dir, {"show", "1", "--socket", socket});
  INFO(show.out);
  CHECK(show.exit_code == 0);
  CHECK(show.out.find("TESTER-LIMITED (tester reached 1000000.0 pps)") != std::string::npos);
  CHECK(show.out.find("trial 1 [warmup] 4000000.0 pps, 1 s: loss 100 %  TESTER-LIMITED") !=
        std::string::npos);
  const Json::Value shown =
      parse_json(run_cli(dir, {"show", "1", "--socket", socket, "--json"}).out);
  CHECK(shown["trials"][0]["tester_limited_pps"].asDouble() == 1e6);
  CHECK(shown["bounds"][0]["tester_limited"]["trials"].asUInt64() > 0);

  // The report opens with it; the CSV has the columns that show it.
  const std::string page = dir.file("capped.html");
  REQUIRE(run_cli(dir, {"report", "1", "--socket", socket, "-o", page}).exit_code == 0);
  const std::string html = read_file(page);
  CHECK(html.find("<h1>MLRsearch report: job 1 (capped)</h1>\n<div class=\"warning\">") !=
        std::string::npos);
  const std::string csv = dir.file("capped.csv");
  REQUIRE(run_cli(dir, {"report", "1", "--socket", socket, "--csv", "-o", csv}).exit_code == 0);
  CHECK(read_file(csv).find(",tester_limited_pps,counters,0->1_intended,0->1_offered,") !=
        std::string::npos);
}

TEST_CASE("a job whose tester is faster than its SUT gets a clean result: exit 0") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  // Trials above 3 Mpps are tester-limited, but the bounds are the SUT's (1 Mpps).
  const std::string job =
      dir.write("job.json", R"({"name": "fast tester",
      "spec": {"goals": [{"name": "NDR"}], "min_load": 10000, "max_load": 4e6},
      "measurer": {"kind": "exec", "time": "virtual", "command": ")" +
                                fake_measurer_path() + R"( --capacity 1e6 --max-tx-pps 3e6"}})");
  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch"});
  INFO(submitted.out);
  CHECK(submitted.exit_code == 0);
  CHECK(submitted.out.find("TESTER-LIMITED 3.00 Mpps") != std::string::npos);
  CHECK(submitted.out.find("not a clean result") == std::string::npos);
  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket});
  CHECK(result.exit_code == 0);
  CHECK(result.out.find("regular") != std::string::npos);
  // The warmup and the first trial, both at max load.
  CHECK(result.out.find("notes: 2 tester_limited (at 4000000.0 pps: 2)") != std::string::npos);
  const CliRun again = run_cli(dir, {"reanalyze", "1", "--socket", socket});
  CHECK(again.out.find("TESTER-LIMITED") == std::string::npos);

  // --json passes the daemon's events through with every key, every line of one
  // shape {"type", "job", "arguments"}: job.submitted, watch.started, the events,
  // watch.ended with the exit code.
  const CliRun json =
      run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch", "--json"});
  CHECK(json.exit_code == 0);
  std::size_t limited = 0;
  std::vector<std::string> types;
  std::istringstream lines(json.out);
  for (std::string line; std::getline(lines, line);) {
    const Json::Value parsed = parse_json(line);
    CHECK(parsed.size() == 3);
    CHECK(parsed["job"].asInt64() == 2);
    CHECK(parsed["arguments"].isObject());
    types.push_back(parsed["type"].asString());
    if (parsed["type"].asString() == "watch.ended") {
      CHECK(parsed["arguments"]["exit_code"].asInt() == 0);
    }
    if (parsed["type"].asString() != "trial") continue;
    CHECK(parsed["arguments"]["notes"].isArray());
    CHECK(parsed["arguments"]["directions"].size() == 1);
    CHECK(parsed["arguments"].isMember("measured_loss_ratio"));
    if (parsed["arguments"].isMember("tester_limited_pps")) ++limited;
  }
  CHECK(limited == 2);
  REQUIRE(types.size() >= 4);
  CHECK(types[0] == "job.submitted");
  CHECK(types[1] == "watch.started");
  CHECK(types[types.size() - 2] == "job.ended");
  CHECK(types.back() == "watch.ended");
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {

TEST_CASE("a soak behind a tester slower than the SUT: result, show and watch say so, exit 5") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  // The SUT forwards 2 Mpps but never sees more than 900 kpps: the estimate is the tester's.
  const std::string job =
      dir.write("soak.json", R"({"method": "plr", "name": "capped soak",
      "spec": {"min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
               "trial_duration_increment": 1, "time_budget": 60, "samples_per_trial": 2000},
      "measurer": {"kind": "exec", "time": "virtual", "command": ")" +
                                 fake_measurer_path() + R"( --capacity 2e6 --max-tx-pps 9e5"}})");
  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch"});
  INFO(submitted.out);
  CHECK(submitted.exit_code == 5);
  CHECK(submitted.out.find("TESTER-LIMITED 900 kpps") != std::string::npos);
  CHECK(submitted.out.find("job 1: not a clean result: tester-limited trials") !=
        std::string::npos);

  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket});
  INFO(result.out);
  CHECK(result.exit_code == 5);
  CHECK(result.out.find("  TESTER-LIMITED: the estimate may describe the tester, not the SUT") !=
        std::string::npos);
  CHECK(result.out.find(" while the SUT itself never lost frames\n") != std::string::npos);
  const CliRun show = run_cli(dir, {"show", "1", "--socket", socket, "--no-trials"});
  CHECK(show.exit_code == 0);
  CHECK(show.out.find("  TESTER-LIMITED: the estimate may describe the tester") !=
        std::string::npos);
  const std::string page = dir.file("soak.html");
  REQUIRE(run_cli(dir, {"report", "1", "--socket", socket, "-o", page}).exit_code == 0);
  CHECK(read_file(page).find("<div class=\"warning\">") != std::string::npos);
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {

// A daemon-run search that stops on its time limit has partial bounds: watch,
// submit --watch and result exit 3 like simulate does (they exited 0).
TEST_CASE("a daemon-run search stopped by its time limit exits 3 in watch and result") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string spec =
      dir.write("spec.json", R"({"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
                       "min_load": 10000, "max_load": 2e6, "search_duration_max": 3})");
  const CliRun submitted = run_cli(dir, {"submit", "--socket", socket, "--spec", spec, "--sut",
                                         "sharp", "--sut-option", "capacity_pps=1e6", "--watch"});
  INFO(submitted.out << submitted.err);
  CHECK(submitted.exit_code == 3);
  CHECK(submitted.out.find("job 1: search stopped early (search_time_exceeded") !=
        std::string::npos);
  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket});
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("search stopped early (search_time_exceeded") != std::string::npos);
  CHECK(run_cli(dir, {"watch", "1", "--socket", socket, "--json"}).exit_code == 3);
  CHECK(run_cli(dir, {"result", "1", "--socket", socket, "--json"}).exit_code == 3);
}

// `submit --watch` submits, then watches: a short job can run, or end, in between.
// Here it has ended before the watch begins (the plain watch waited for it), which
// is what submit --watch met when the job outran it.
TEST_CASE("submit --watch prints every trial once even when the job ended before its watch") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string spec = dir.write("spec.json", two_goal_spec().toStyledString());
  REQUIRE(run_cli(dir, {"submit", "--socket", socket, "--spec", spec, "--sut", "sharp",
                        "--sut-option", "capacity_pps=1e6"})
              .exit_code == 0);
  REQUIRE(run_cli(dir, {"watch", "1", "--socket", socket}).exit_code == 0);
  const CliRun shown = run_cli(dir, {"show", "1", "--socket", socket, "--json"});
  const std::uint64_t trials = parse_json(shown.out)["job"]["trial_count"].asUInt64();
  REQUIRE(trials > 2);

  const std::chrono::milliseconds timeout{5000};
  {
    cli::ControlConnection connection(socket, timeout);
    std::ostringstream out;
    CHECK(cli::watch_job(connection, 1, false, out, cli::stored_trials_of(socket, timeout, 1)) ==
          0);
    const std::string text = "\n" + out.str();
    INFO(text);
    CHECK(text.find("job 1 is finished; no events follow") != std::string::npos);
    for (std::uint64_t number = 1; number <= trials; ++number) {
      const std::string line = "\ntrial " + std::to_string(number) + " ";
      const std::size_t first = text.find(line);
      CHECK(first != std::string::npos);
      CHECK(text.find(line, first + 1) == std::string::npos);
    }
    CHECK(text.find("\ntrial " + std::to_string(trials + 1) + " ") == std::string::npos);
    CHECK(text.find("\njob 1 finished") != std::string::npos);
  }
  {
    // In JSON each stored trial is a `trial` line marked replayed, then watch.ended.
    cli::ControlConnection connection(socket, timeout);
    std::ostringstream out;
    CHECK(cli::watch_job(connection, 1, true, out, cli::stored_trials_of(socket, timeout, 1)) == 0);
    std::istringstream lines(out.str());
    std::string line;
    std::uint64_t replayed = 0;
    std::string last_type;
    while (std::getline(lines, line)) {
      const Json::Value json = parse_json(line);
      last_type = json["type"].asString();
      if (last_type != "trial") continue;
      CHECK(json["arguments"]["replayed"].asBool());
      CHECK(json["arguments"]["trial_count"].asUInt64() == replayed + 1);
      ++replayed;
    }
    CHECK(replayed == trials);
    CHECK(last_type == "watch.ended");
  }
}

}  // namespace trexsearch::servicetest
