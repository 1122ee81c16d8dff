// Hooks end to end (docs/testbeds.md "Hooks"): trex-searchd with [hook.NAME]
// sections runs the hooks a job names around its search and each live trial, with
// the documented environment, stores every run, refuses a name its config does not
// define, kills a hook on cancel, and acts on a failure as its on-failure says.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "measure/errors.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

Json::Value mlr_job(const std::string& name, const Json::Value& hooks) {
  Json::Value job = submit_arguments(two_goal_spec(), sim_measurer(1e6));
  job["name"] = name;
  job["hooks"] = hooks;
  return job;
}

std::int64_t submitted(ControlClient& client, const Json::Value& job) {
  const auto reply = client.request("submit", job);
  INFO(reply.text);
  REQUIRE(reply.result == ResultCode::success);
  return reply.arguments["job"].asInt64();
}

Json::Value ended(ControlClient& client, std::int64_t id) {
  REQUIRE(client.request("watch", job_arguments(id)).result == ResultCode::success);
  return client.wait_event("job.ended");
}

bool process_ended(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const char state = line[line.rfind(')') + 2];
  return state == 'Z' || state == 'X';
}

}  // namespace

TEST_CASE("a job's hooks run around its search and once around each trial, and are stored") {
  TempDir dir;
  const std::string calls = dir.file("calls");
  const std::string record = dir.write(
      "record.sh",
      "#!/bin/sh\necho \"$TREX_SEARCH_HOOK_POINT $TREX_SEARCH_JOB_ID $TREX_SEARCH_JOB_NAME "
      "$TREX_SEARCH_METHOD $TREX_SEARCH_RUN trial=$TREX_SEARCH_TRIAL "
      "load=$TREX_SEARCH_LOAD_PPS d=$TREX_SEARCH_DURATION_S lost=$TREX_SEARCH_LOST "
      "outcome=$TREX_SEARCH_OUTCOME home=$HOME\" >> " +
          calls + "\n");
  ::chmod(record.c_str(), 0755);
  const std::string config =
      "[hook.record]\ncommand = " + record +
      "\n[hook.stats]\ncommand = /bin/sh -c \"i=0; while [ $i -lt 300 ]; do echo rx-miss 0; "
      "i=$((i+1)); done\"\noutput-cap = 100\non-failure = note\n"
      "[hook.slow]\ncommand = /bin/sleep 60\ntimeout = 0.3\non-failure = note\n";
  DaemonProcess daemon(dir, daemon_args_with_config(dir, config));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  INFO(daemon.log());

  Json::Value hooks(Json::objectValue);
  hooks["before_search"] = "record";
  hooks["before_trial"] = "record";
  hooks["after_trial"].append("record");
  hooks["after_search"].append("record");
  hooks["after_search"].append("stats");
  const std::int64_t id = submitted(client, mlr_job("hooked", hooks));
  CHECK(ended(client, id)["state"].asString() == "finished");

  Json::Value show_arguments = job_arguments(id);
  show_arguments["hooks"] = true;
  const auto shown = client.request("show", show_arguments);
  REQUIRE(shown.result == ResultCode::success);
  const Json::Value& trials = shown.arguments["trials"];
  const std::size_t trial_count = trials.size();
  REQUIRE(trial_count > 5);

  // Each trial: exactly one before_trial and one after_trial run, with its facts.
  const std::vector<std::string> lines = lines_of(read_file(calls));
  REQUIRE(lines.size() == 2 * trial_count + 2);
  CHECK(lines.front() == "before_search " + std::to_string(id) +
                             " hooked mlr 1 trial= load= d= lost= outcome= home=");
  for (std::size_t i = 0; i < trial_count; ++i) {
    const Json::Value& trial = trials[static_cast<Json::ArrayIndex>(i)];
    const std::string facts = std::to_string(id) +
                              " hooked mlr 1 trial=" + std::to_string(trial["number"].asUInt64()) +
                              " load=" + measure::format_value(trial["load"].asDouble());
    CAPTURE(i);
    CHECK(lines[1 + 2 * i].rfind("before_trial " + facts + " d=1 lost= outcome=", 0) == 0);
    CHECK(lines[2 + 2 * i].rfind(
              "after_trial " + facts + " d=1 lost=" + std::to_string(trial["loss_count"].asInt64()),
              0) == 0);
    // Each trial notes the runs around it.
    CHECK(trial["notes"].size() == 2);
  }
  CHECK(lines.back() == "after_search " + std::to_string(id) +
                            " hooked mlr 1 trial= load= d= lost= outcome=completed home=");

  // Every run stored, in order; the stats output cut at its cap, saying so.
  CHECK(shown.arguments["hooks"]["runs"].asUInt64() == 2 * trial_count + 3);
  CHECK(shown.arguments["hooks"]["failed"].asUInt64() == 0);
  const Json::Value& runs = shown.arguments["hook_runs"];
  REQUIRE(runs.size() == 2 * trial_count + 3);
  CHECK(runs[1]["point"].asString() == "before_trial");
  CHECK(runs[1]["trial"].asUInt64() == 1);
  const Json::Value& stats = runs[runs.size() - 1];
  CHECK(stats["hook"].asString() == "stats");
  CHECK(stats["output"].asString().size() == 100);
  CHECK(stats["output_dropped_bytes"].asUInt64() == 300 * 10 - 100);
  CHECK(stats["text"].asString().find("output cut at 100 bytes") != std::string::npos);

  const CliRun text =
      run_cli(dir, {"--socket", dir.file("control.sock"), "show", std::to_string(id), "--hooks"});
  CHECK(text.out.find("hooks: " + std::to_string(2 * trial_count + 3) + " runs, 0 failed\n") !=
        std::string::npos);
  CHECK(text.out.find("  after_search stats: exited with status 0") != std::string::npos);
  CHECK(text.out.find("    | rx-miss 0") != std::string::npos);

  // export: one record per run, as CSV rows or JSON lines.
  const std::string sock = dir.file("control.sock");
  const CliRun csv =
      run_cli(dir, {"--socket", sock, "export", "--format", "csv", "--records", "hook"});
  INFO(csv.err);
  CHECK(csv.out.rfind("job,hook,point,trial,attempt,started_at,duration_s,end,status,ok,"
                      "failure_action,output_dropped_bytes,output\r\n",
                      0) == 0);
  CHECK(csv.out.find("\r\n" + std::to_string(id) + ",record,before_trial,1,1,") !=
        std::string::npos);
  const CliRun jsonl = run_cli(dir, {"--socket", sock, "export", "--records", "hook"});
  CHECK(lines_of(jsonl.out).size() == 2 * trial_count + 3);
  CHECK(jsonl.out.find("\"type\":\"hook\"") != std::string::npos);

  // The report: a Hooks section with the totals and the after_search output.
  const CliRun report =
      run_cli(dir, {"--socket", sock, "report", std::to_string(id), "-o", dir.file("report.html")});
  INFO(report.err);
  REQUIRE(report.exit_code == 0);
  const std::string html = read_file(dir.file("report.html"));
  CHECK(html.find("<h2 id=\"hooks\">Hooks</h2>") != std::string::npos);
  CHECK(html.find("<td>before_trial</td><td>record</td><td class=\"num\">" +
                  std::to_string(trial_count) + "</td>") != std::string::npos);
  CHECK(html.find("after_search stats: exited with status 0") != std::string::npos);

  // A client names hooks, never commands, and only those the config defines.
  Json::Value unknown(Json::objectValue);
  unknown["before_trial"] = "rm-rf";
  const auto refused = client.request("submit", mlr_job("refused", unknown));
  CHECK(refused.result == ResultCode::bad_request);
  CHECK(refused.text.find("hooks.before_trial \"rm-rf\": this daemon defines no such hook (its "
                          "config's [hook.NAME] sections: record, stats, slow)") !=
        std::string::npos);

  // A hook past its timeout is killed; with on-failure = note the trial stands.
  Json::Value slow(Json::objectValue);
  slow["before_trial"] = "slow";
  Json::Value mrr = submit_arguments(Json::Value(Json::objectValue), sim_measurer(1e6));
  mrr["method"] = "mrr";
  mrr["spec"]["load"] = 1000.0;
  mrr["spec"]["trial_duration"] = 1.0;
  mrr["spec"]["trials"] = 2;
  mrr["hooks"] = slow;
  const std::int64_t mrr_id = submitted(client, mrr);
  CHECK(ended(client, mrr_id)["state"].asString() == "finished");
  const auto mrr_shown = client.request("show", job_arguments(mrr_id));
  REQUIRE(mrr_shown.arguments["trials"].size() == 2);
  for (const Json::Value& trial : mrr_shown.arguments["trials"]) {
    REQUIRE(trial["notes"].size() == 1);
    CHECK(trial["notes"][0].asString().rfind(
              "hook_failed: before_trial slow outlived its timeout: killed with its process group",
              0) == 0);
  }
  CHECK(mrr_shown.arguments["hooks"]["failed"].asUInt64() == 2);
}

TEST_CASE("a failing before_search hook fails the job; cancel kills a running hook") {
  TempDir dir;
  const std::string fifo = dir.file("started");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string config =
      "[hook.no-dut]\ncommand = /bin/sh -c \"echo DUT unreachable; exit 7\"\n"
      "[hook.hang]\ncommand = /bin/sh -c \"echo $$ > " +
      fifo + "; exec sleep 60\"\ntimeout = 120\n";
  DaemonProcess daemon(dir, daemon_args_with_config(dir, config));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  INFO(daemon.log());

  Json::Value failing(Json::objectValue);
  failing["before_search"] = "no-dut";
  const std::int64_t failed = submitted(client, mlr_job("no-dut", failing));
  const Json::Value end = ended(client, failed);
  CHECK(end["state"].asString() == "failed");
  CHECK(end["reason"].asString().rfind("hook before_search no-dut: exited with status 7 after ",
                                       0) == 0);
  CHECK(client.request("show", job_arguments(failed)).arguments["trials"].empty());

  Json::Value hanging(Json::objectValue);
  hanging["before_search"] = "hang";
  const std::int64_t cancelled = submitted(client, mlr_job("hang", hanging));
  // The hook says it started through the FIFO: reading blocks until it writes.
  std::ifstream started(fifo);
  pid_t hook_pid = 0;
  started >> hook_pid;
  REQUIRE(hook_pid > 0);
  REQUIRE(client.request("watch", job_arguments(cancelled)).result == ResultCode::success);
  REQUIRE(client.request("cancel", job_arguments(cancelled)).result == ResultCode::success);
  CHECK(client.wait_event("job.ended")["state"].asString() == "cancelled");
  CHECK(process_ended(hook_pid));
}

}  // namespace trexsearch::servicetest
