// The demo's core end to end: trex-searchd in a temporary directory, an NDR/PDR
// MLRsearch job submitted and watched with trex-search, then `trex-search report`
// (HTML and CSV) checked against `trex-search result --json`; and a report of a
// job that is still running.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdio>
#include <string>

#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_text.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"
#include "tests/support/text_count.hpp"

namespace trexsearch::servicetest {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  return test_support::count_occurrences(text, what);
}

/// trex-emulator as a child: its endpoint is read from its stdout (a blocking read
/// of the line it prints once bound, never a sleep); SIGTERM and reaped at scope end.
class Emulator {
 public:
  explicit Emulator(const std::string& options) {
    // `echo $$; exec ...`: the shell prints its pid, then becomes the emulator.
    pipe_ = ::popen(("echo $$; exec " + trexsearch::testing::build_paths::emulator_bin() + " " +
                     options + " 2>/dev/null")
                        .c_str(),
                    "r");
    REQUIRE(pipe_ != nullptr);
    pid_ = std::stoi(line());
    for (std::string next = line(); !next.empty(); next = line()) {
      if (next.rfind("rpc ", 0) == 0) {
        endpoint_ = next.substr(4);
        break;
      }
    }
    REQUIRE(!endpoint_.empty());
  }
  ~Emulator() {
    ::kill(pid_, SIGTERM);
    ::pclose(pipe_);
  }
  Emulator(const Emulator&) = delete;
  Emulator& operator=(const Emulator&) = delete;
  const std::string& endpoint() const { return endpoint_; }

 private:
  std::string line() {
    char buffer[256];
    if (std::fgets(buffer, sizeof buffer, pipe_) == nullptr) return "";
    std::string text(buffer);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    return text;
  }

  FILE* pipe_ = nullptr;
  int pid_ = -1;
  std::string endpoint_;
};

}  // namespace

TEST_CASE("demo on the emulator: a trex job's report has TRex's version, profile and rates") {
  // 100x, as the suite's e2e test: at 200x this test failed once on a loaded machine (its
  // output was not kept); every read costs 200x its real time in TRex time there.
  Emulator emulator(
      "--rpc-port 0 --pub-port 0 --sut sharp --sut-option capacity_pps=2e6 "
      "--speed 100");
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--trex-endpoint", emulator.endpoint()}));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string job =
      dir.write("job.json", R"({"method": "mlr", "name": "emu", "profile": "ipv4-udp-64b-bidir",
        "spec": {"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
                 "min_load": 10000, "max_load": 4e6},
        "measurer": {"kind": "trex", "speed": 100, "profile": ")" +
                                trexsearch::testing::build_paths::source_dir() +
                                R"(/etc/profiles/ipv4-udp-64b-bidir.json"}})");
  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch"});
  REQUIRE(submitted.exit_code == 0);
  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket, "--json"});
  REQUIRE(result.exit_code == 0);
  const Json::Value json = parse_json(result.out);
  const std::string page = dir.file("emu.html");
  REQUIRE(run_cli(dir, {"report", "1", "--socket", socket, "-o", page}).exit_code == 0);
  const std::string html = read_file(page);
  CHECK(html.find(report::escape_html(json["job"]["trex_version"].asString())) !=
        std::string::npos);
  CHECK(html.find("ipv4-udp-64b-bidir") != std::string::npos);
  CHECK(html.find(" all directions, ") != std::string::npos);
  CHECK(html.find("Gbit/s on the wire") != std::string::npos);
  // The verdict has the rates too; the config is raw data, collapsed at the end.
  CHECK(html.find("<th class=\"num\">L1, all directions</th>") != std::string::npos);
  CHECK(html.find("<details class=\"raw\">") > html.find("<h2 id=\"plots\">"));
  // The daemon learned the emulator's 10 Gbit/s ports at submission.
  CHECK(html.find("% of line rate") != std::string::npos);
  CHECK(json["line_rate"]["port_speed_gbps"].asDouble() == 10.0);
  const CliRun text = run_cli(dir, {"result", "1", "--socket", socket});
  CHECK(text.out.find("in line rate (10.000 Gbit/s port, 64.0 B mean frame") != std::string::npos);
  for (const Json::Value& goal : json["result"]["goals"]) {
    CHECK(html.find(report::load_text(goal["conditional_throughput"].asDouble())) !=
          std::string::npos);
  }
}

TEST_CASE("demo core: submit NDR/PDR, watch, then the report's numbers match result --json") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string spec =
      trexsearch::testing::build_paths::source_dir() + "/docs/examples/spec-ndr-pdr.json";

  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--spec", spec, "--sut", "noisy", "--sut-option",
                    "capacity_pps=3.2e6", "--name", "demo", "--watch"});
  REQUIRE(submitted.exit_code == 0);
  CHECK(submitted.out.find("job 1 finished") != std::string::npos);

  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket, "--json"});
  REQUIRE(result.exit_code == 0);
  const Json::Value json = parse_json(result.out);
  REQUIRE(json["result"]["goals"].size() == 2);

  const std::string page = dir.file("demo.html");
  const CliRun report = run_cli(dir, {"report", "1", "--socket", socket, "-o", page});
  REQUIRE(report.exit_code == 0);
  CHECK(report.out.find("report written to " + page) != std::string::npos);
  const std::string html = read_file(page);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  // Loss ratio against load, the bounds converging, all trials.
  CHECK(count(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\"") == 3);
  CHECK(html.find("MLRsearch report: job 1 (demo)") != std::string::npos);
  // The search limits are the submitted spec's (docs/examples/spec-ndr-pdr.json).
  CHECK(html.find("max load 14.88 Mpps") != std::string::npos);
  CHECK(html.find("warmup 0 s") != std::string::npos);
  for (const Json::Value& goal : json["result"]["goals"]) {
    CHECK(html.find(report::escape_html(goal["name"].asString())) != std::string::npos);
    for (const char* key :
         {"relevant_lower_bound", "relevant_upper_bound", "conditional_throughput"}) {
      CHECK(html.find(report::load_text(goal[key].asDouble())) != std::string::npos);
    }
  }
  CHECK(count(html, "<tr><td class=\"num\">") == json["result"]["trials"].size());

  const std::string trials = dir.file("trials.csv");
  const CliRun csv = run_cli(dir, {"report", "1", "--socket", socket, "--csv", "-o", trials});
  REQUIRE(csv.exit_code == 0);
  CHECK(count(read_file(trials), "\r\n") == json["result"]["trials"].size() + 1);

  const CliRun missing = run_cli(dir, {"report", "42", "--socket", socket});
  CHECK(missing.exit_code == 4);
  CHECK(missing.err.find("no job 42") != std::string::npos);
  const CliRun unwritable =
      run_cli(dir, {"report", "1", "--socket", socket, "-o", dir.file("no/such/dir.html")});
  CHECK(unwritable.exit_code == 1);
  CHECK(unwritable.err.find("no/such/dir.html") != std::string::npos);
}

TEST_CASE("a running job's report shows the trials stored so far and the bounds they support") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  ControlClient client(socket);
  ControlClient watcher(socket);
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec();
  // The measurer hangs on its fourth trial until the job is cancelled.
  submit["measurer"] = fake_exec_measurer(1e6, {"--hang-at", "4"});
  const auto reply = client.request("submit", submit);
  REQUIRE(reply.result == protocol::ResultCode::success);
  const std::int64_t job = reply.arguments["job"].asInt64();
  REQUIRE(watcher.request("watch", job_arguments(job), 10).result == protocol::ResultCode::success);
  watcher.wait_trial_count(3);

  const std::string page = dir.file("running.html");
  const CliRun report =
      run_cli(dir, {"report", std::to_string(job), "--socket", socket, "-o", page});
  REQUIRE(report.exit_code == 0);
  CHECK(report.out.find("(running, 3 trials)") != std::string::npos);
  const std::string html = read_file(page);
  CHECK(html.find("still running") != std::string::npos);
  CHECK(count(html, "<tr><td class=\"num\">") == 3);

  CHECK(client.request("cancel", job_arguments(job)).result == protocol::ResultCode::success);
  watcher.wait_event("job.ended");
}

TEST_CASE("a PLRsearch soak job's report plots the estimate and matches result --json") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  ControlClient client(socket);
  ControlClient watcher(socket);
  Json::Value submit(Json::objectValue);
  submit["method"] = "plr";
  submit["name"] = "soak";
  submit["spec"] = parse_json(R"({"target_loss_ratio": 1e-7, "min_load": 9001,
      "max_load": 14880952, "trial_duration_first": 5.1, "trial_duration_increment": 0.1,
      "time_budget": 120, "samples_per_trial": 2000, "seed": 1})");
  submit["measurer"] = sim_measurer(2e6);
  const auto reply = client.request("submit", submit);
  REQUIRE(reply.result == protocol::ResultCode::success);
  const std::int64_t job = reply.arguments["job"].asInt64();
  const auto watched = watcher.request("watch", job_arguments(job), 10);
  REQUIRE(watched.result == protocol::ResultCode::success);
  if (!watched.arguments["ended"].asBool()) watcher.wait_event("job.ended");

  const CliRun result = run_cli(dir, {"result", std::to_string(job), "--socket", socket, "--json"});
  REQUIRE(result.exit_code == 0);
  const Json::Value json = parse_json(result.out)["result"];
  REQUIRE(json["estimate"].isObject());

  const std::string page = dir.file("soak.html");
  const CliRun report =
      run_cli(dir, {"report", std::to_string(job), "--socket", socket, "-o", page});
  REQUIRE(report.exit_code == 0);
  const std::string html = read_file(page);
  CHECK(html.find("PLRsearch report: job 1 (soak)") != std::string::npos);
  CHECK(html.find("Critical-load estimate over time") != std::string::npos);
  CHECK(html.find("Trial loads over time") != std::string::npos);
  const double average = json["estimate"]["average"].asDouble();
  const double stdev = json["estimate"]["stdev"].asDouble();
  CHECK(html.find(report::load_text(average, stdev)) != std::string::npos);
  CHECK(html.find(report::load_text(stdev)) != std::string::npos);
  // Loss on a log axis, with the spec's target loss ratio drawn.
  CHECK(html.find("Trial loss ratio over time") != std::string::npos);
  CHECK(html.find("target loss ratio ") != std::string::npos);
  CHECK(count(html, "<tr><td class=\"num\">") == json["trials"].size());

  const std::string trials = dir.file("soak.csv");
  const CliRun csv =
      run_cli(dir, {"report", std::to_string(job), "--socket", socket, "--csv", "-o", trials});
  REQUIRE(csv.exit_code == 0);
  CHECK(read_file(trials).rfind("number,finished_at_s,load_pps,", 0) == 0);
  CHECK(count(read_file(trials), "\r\n") == json["trials"].size() + 1);
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {

TEST_CASE("a running soak's report already says when its estimate is the tester's") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  ControlClient client(socket);
  ControlClient watcher(socket);
  Json::Value submit(Json::objectValue);
  submit["method"] = "plr";
  submit["spec"] = parse_json(R"({"min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
      "trial_duration_increment": 1, "time_budget": 600, "samples_per_trial": 2000})");
  // A 2 Mpps SUT behind a 900 kpps tester; the measurer hangs on its fourth trial.
  submit["measurer"] = fake_exec_measurer(2e6, {"--max-tx-pps", "9e5", "--hang-at", "4"});
  submit["measurer"]["time"] = "virtual";
  const auto reply = client.request("submit", submit);
  REQUIRE(reply.result == protocol::ResultCode::success);
  const std::int64_t job = reply.arguments["job"].asInt64();
  REQUIRE(watcher.request("watch", job_arguments(job), 10).result == protocol::ResultCode::success);
  watcher.wait_trial_count(3);

  const std::string page = dir.file("running-soak.html");
  const CliRun report =
      run_cli(dir, {"report", std::to_string(job), "--socket", socket, "-o", page});
  REQUIRE(report.exit_code == 0);
  const std::string html = read_file(page);
  CHECK(html.find("still running") != std::string::npos);
  // The first trial (at max load) was tester-limited and the SUT never lost a frame.
  CHECK(html.find("<div class=\"warning\">") != std::string::npos);
  CHECK(html.find("the SUT itself never lost frames") != std::string::npos);

  CHECK(client.request("cancel", job_arguments(job)).result == protocol::ResultCode::success);
  watcher.wait_event("job.ended");
}

}  // namespace trexsearch::servicetest
