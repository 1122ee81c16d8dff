// Issue #16 item 1 end to end: MRR jobs and fixed-rate soaks on trex-emulator, the
// real daemon and CLI; a SIGKILLed daemon resumes them with the trials it stored.
#include <doctest/doctest.h>

#include <csignal>
#include <optional>
#include <string>
#include <vector>

#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

// The trex measurer on the emulator at `speed` x real time.
Json::Value trex_measurer(const std::string& endpoint, double speed) {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["endpoint"] = endpoint;
  set_inline_profile(measurer, example_profile_path());
  measurer["speed"] = speed;
  measurer["reconnect_grace"] = 10.0;
  return measurer;
}

Json::Value mrr_submit(const std::string& endpoint, double speed, double load_pps,
                       unsigned trials) {
  Json::Value spec(Json::objectValue);
  spec["load"] = load_pps;
  spec["trial_duration"] = 1.0;
  spec["trials"] = trials;
  Json::Value submit(Json::objectValue);
  submit["method"] = "mrr";
  submit["spec"] = spec;
  submit["measurer"] = trex_measurer(endpoint, speed);
  return submit;
}

Json::Value soak_submit(const std::string& endpoint, double speed, double load_pps,
                        double duration_s, const std::string& on_threshold) {
  Json::Value spec(Json::objectValue);
  spec["load"] = load_pps;
  spec["interval"] = 60.0;
  spec["duration"] = duration_s;
  spec["loss_ratio_threshold"] = 0.001;
  spec["on_threshold"] = on_threshold;
  Json::Value submit(Json::objectValue);
  submit["method"] = "soak";
  submit["spec"] = spec;
  submit["measurer"] = trex_measurer(endpoint, speed);
  return submit;
}

struct Rig {
  explicit Rig(std::vector<std::string> emulator_args)
      : emulator(dir.file("emulator.log"), std::move(emulator_args)),
        daemon(std::in_place, dir, daemon_args(dir)) {
    REQUIRE(daemon->wait_ready());
    client.emplace(dir.file("control.sock"));
  }

  std::int64_t submit(const Json::Value& arguments) {
    const auto submitted = client->request("submit", arguments);
    INFO(submitted.text);
    REQUIRE(submitted.result == ResultCode::success);
    return submitted.arguments["job"].asInt64();
  }

  // Waits for the job's end; returns `result`'s arguments.
  Json::Value finish(std::int64_t job, const std::string& state = "finished") {
    const auto watch = client->request("watch", job_arguments(job), 2);
    REQUIRE(watch.result == ResultCode::success);
    if (!watch.arguments["ended"].asBool()) {
      const Json::Value ended = client->wait_event("job.ended", std::chrono::minutes(2));
      INFO(daemon->log());
      REQUIRE(ended["state"].asString() == state);
    }
    const auto result = client->request("result", job_arguments(job), 3);
    REQUIRE(result.result == ResultCode::success);
    return result.arguments;
  }

  // SIGKILLs the daemon once `trial` is stored and starts it again.
  void kill_after(std::int64_t job, std::size_t trial) {
    REQUIRE(client->request("watch", job_arguments(job), 2).result == ResultCode::success);
    client->wait_trial_count(trial);
    client.reset();
    daemon->send_signal(SIGKILL);
    CHECK(daemon->wait_exit() == 128 + SIGKILL);
    daemon.reset();
    daemon.emplace(dir, daemon_args(dir), "second");
    REQUIRE(daemon->wait_ready());
    client.emplace(dir.file("control.sock"));
  }

  TempDir dir;
  EmulatorProcess emulator;
  std::optional<DaemonProcess> daemon;
  std::optional<ControlClient> client;
};

std::vector<std::string> sharp_sut(const char* speed, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"--sut",   "sharp", "--sut-option", "capacity_pps=1e6",
                                "--speed", speed};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

void check_trials_numbered(const Json::Value& result, std::size_t count) {
  REQUIRE(result["trials"].size() == count);
  for (Json::ArrayIndex i = 0; i < result["trials"].size(); ++i) {
    CHECK(result["trials"][i]["number"].asUInt64() == i + 1);
  }
}

}  // namespace

TEST_CASE(
    "an MRR job on the emulator reports each trial's receive rate, mean and stdev per direction") {
  Rig rig(sharp_sut("10"));
  // Twice the SUT's capacity: what it receives is what the SUT forwards.
  const std::int64_t job = rig.submit(mrr_submit(rig.emulator.rpc_endpoint(), 10.0, 2e6, 10));
  const Json::Value done = rig.finish(job);
  INFO(done.toStyledString());
  CHECK(done["job"]["method"].asString() == "mrr");
  const Json::Value& result = done["result"];
  CHECK(result["stop_reason"].asString() == "completed");
  CHECK(result["trials_planned"].asUInt64() == 10);
  check_trials_numbered(result, 10);
  CHECK_FALSE(result["tester_limited"].asBool());
  REQUIRE(result["directions"].size() == 2);
  double sum_of_means = 0.0;
  for (const Json::Value& direction : result["directions"]) {
    // The sharp SUT forwards its capacity per direction, whatever is offered above it.
    CHECK(direction["mean"].asDouble() > 0.9e6);
    CHECK(direction["mean"].asDouble() < 1.1e6);
    CHECK(direction["stdev"].asDouble() >= 0.0);
    CHECK(direction["min"].asDouble() <= direction["mean"].asDouble());
    CHECK(direction["max"].asDouble() >= direction["mean"].asDouble());
    sum_of_means += direction["mean"].asDouble();
  }
  // The aggregate is both directions together.
  CHECK(result["receive_rate"]["mean"].asDouble() == doctest::Approx(sum_of_means).epsilon(1e-9));
  for (const Json::Value& trial : result["trials"]) {
    // Each trial: received frames / intended duration, and its counters named.
    const double received =
        static_cast<double>(trial["offered_count"].asInt64() - trial["loss_count"].asInt64());
    CHECK(trial["receive_rate"].asDouble() ==
          doctest::Approx(received / trial["intended_duration"].asDouble()));
    CHECK(trial["counters"].asString() == "flow_stats");
    CHECK(trial["notes"].isArray());
  }
  CHECK(result["counters"][0].asString() == "flow_stats");

  const std::string socket = rig.dir.file("control.sock");
  const CliRun text = run_cli(rig.dir, {"result", "--socket", socket, std::to_string(job)});
  INFO(text.out, text.err);
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("receive rate: ") != std::string::npos);
  CHECK(text.out.find("10 of 10 trials of 1.0 s") != std::string::npos);
  CHECK(text.out.find("counters: ") != std::string::npos);
  const CliRun shown = run_cli(rig.dir, {"show", "--socket", socket, std::to_string(job)});
  INFO(shown.out);
  CHECK(shown.exit_code == 0);
  CHECK(shown.out.find("receive rate: ") != std::string::npos);
  const CliRun csv =
      run_cli(rig.dir, {"report", "--socket", socket, "--csv", "-o", "-", std::to_string(job)});
  INFO(csv.out, csv.err);
  CHECK(csv.exit_code == 0);
  CHECK(csv.out.find("number,started_at_s,intended_duration_s,offered,received,receive_rate_pps,"
                     "0->1_receive_rate_pps,1->0_receive_rate_pps") == 0);
  CHECK(csv.out.find("\n10,") != std::string::npos);
  const CliRun html =
      run_cli(rig.dir, {"report", "--socket", socket, "-o", "-", std::to_string(job)});
  CHECK(html.exit_code == 0);
  CHECK(html.out.find("MRR report: job 1") != std::string::npos);
  CHECK(html.out.find("Maximum receive rate") != std::string::npos);
  CHECK(html.out.find("Not a clean result") == std::string::npos);
  // export's JSONL carries the result document (without its trials: those are records).
  const CliRun exported =
      run_cli(rig.dir, {"export", "--socket", socket, "--method", "mrr", "--records", "result"});
  INFO(exported.err);
  CHECK(exported.exit_code == 0);
  CHECK(exported.out.find("\"receive_rate\"") != std::string::npos);
}

TEST_CASE("an MRR job whose tester cannot offer the load says so and is not a clean result") {
  // The tester sends at most 2 Mpps a port; the SUT would forward 6.5 Mpps.
  Rig rig({"--sut", "sharp", "--sut-option", "capacity_pps=6.5e6", "--max-tx-pps", "2e6", "--speed",
           "10"});
  const std::int64_t job = rig.submit(mrr_submit(rig.emulator.rpc_endpoint(), 10.0, 4e6, 3));
  const Json::Value done = rig.finish(job);
  const Json::Value& result = done["result"];
  INFO(done.toStyledString());
  CHECK(result["tester_limited"].asBool());
  CHECK(result["tester_limit"]["trials"].asUInt64() == 3);
  CHECK(result["tester_limit"]["reached_pps"].asDouble() < 2.1e6);
  const CliRun text =
      run_cli(rig.dir, {"result", "--socket", rig.dir.file("control.sock"), std::to_string(job)});
  INFO(text.out, text.err);
  CHECK(text.exit_code == 5);
  CHECK(text.out.find("not a clean result: 3 of 3 trials were tester-limited") !=
        std::string::npos);
  const CliRun html = run_cli(rig.dir, {"report", "--socket", rig.dir.file("control.sock"), "-o",
                                        "-", std::to_string(job)});
  CHECK(html.out.find("Not a clean result: 3 trial(s) were tester-limited") != std::string::npos);
  const CliRun watched =
      run_cli(rig.dir, {"watch", "--socket", rig.dir.file("control.sock"), std::to_string(job)});
  INFO(watched.out, watched.err);
  CHECK(watched.exit_code == 5);
  CHECK(watched.out.find("not a clean result: 3 of 3 trials") != std::string::npos);
  const CliRun json = run_cli(
      rig.dir, {"result", "--socket", rig.dir.file("control.sock"), "--json", std::to_string(job)});
  CHECK(json.exit_code == 5);
  const Json::Value document = parse_json(json.out);
  CHECK(document["result"]["tester_limited"].asBool());
  CHECK(document["result"]["trials"].size() == 3);
}

TEST_CASE("a cancelled MRR job keeps the receive rate of the trials it measured") {
  Rig rig(sharp_sut("10"));
  const std::int64_t job = rig.submit(mrr_submit(rig.emulator.rpc_endpoint(), 10.0, 5e5, 1000));
  REQUIRE(rig.client->request("watch", job_arguments(job), 2).result == ResultCode::success);
  rig.client->wait_trial_count(3);
  ControlClient canceller(rig.dir.file("control.sock"));
  REQUIRE(canceller.request("cancel", job_arguments(job)).result == ResultCode::success);
  const Json::Value done = rig.finish(job, "cancelled");
  const Json::Value& result = done["result"];
  INFO(rig.daemon->log());
  CHECK(result["stop_reason"].asString() == "cancelled");
  CHECK(result["trials"].size() >= 3);
  CHECK(result["trials"].size() < 1000);
  CHECK(result["totals"]["trial_count"].asUInt64() == result["trials"].size());
  CHECK(result["receive_rate"]["mean"].asDouble() == doctest::Approx(1e6).epsilon(0.02));
}

TEST_CASE(
    "an MRR job SIGKILLed mid-run resumes with its stored trials and measures only the rest") {
  Rig rig(sharp_sut("10"));
  const std::int64_t job = rig.submit(mrr_submit(rig.emulator.rpc_endpoint(), 10.0, 5e5, 30));
  rig.kill_after(job, 4);
  const Json::Value done = rig.finish(job);
  INFO(rig.daemon->log());
  CHECK(done["job"]["run_count"].asInt() == 2);
  CHECK(rig.daemon->log().find("job.resumed job=1") != std::string::npos);
  const Json::Value& result = done["result"];
  CHECK(result["stop_reason"].asString() == "completed");
  check_trials_numbered(result, 30);
  // Below capacity the SUT forwards everything: 2 x 0.5 Mpps.
  CHECK(result["receive_rate"]["mean"].asDouble() == doctest::Approx(1e6).epsilon(0.02));
  // The trials' search times continue across the restart.
  for (Json::ArrayIndex i = 1; i < result["trials"].size(); ++i) {
    CHECK(result["trials"][i]["started_at"].asDouble() >
          result["trials"][i - 1]["started_at"].asDouble());
  }
}

TEST_CASE("a 30-minute soak on the emulator survives SIGKILL and reports every interval's loss") {
  // 500x: 30 one-minute intervals take 3.6 s.
  Rig rig(sharp_sut("500"));
  const std::int64_t job =
      rig.submit(soak_submit(rig.emulator.rpc_endpoint(), 500.0, 5e5, 1800.0, "stop"));
  rig.kill_after(job, 5);
  const Json::Value done = rig.finish(job);
  INFO(done.toStyledString());
  CHECK(done["job"]["method"].asString() == "soak");
  CHECK(done["job"]["run_count"].asInt() == 2);
  const Json::Value& result = done["result"];
  CHECK(result["stop_reason"].asString() == "completed");
  check_trials_numbered(result, 30);
  REQUIRE(result["threshold"].isObject());
  CHECK(result["threshold"]["intervals_over"].asUInt64() == 0);
  CHECK(result["threshold"]["first_over"].isNull());
  for (const Json::Value& trial : result["trials"]) {
    CHECK(trial["intended_duration"].asDouble() == 60.0);
    CHECK(trial["sut_loss_ratio"].asDouble() == 0.0);
    CHECK_FALSE(trial["over_threshold"].asBool());
  }
  const CliRun text =
      run_cli(rig.dir, {"result", "--socket", rig.dir.file("control.sock"), std::to_string(job)});
  INFO(text.out, text.err);
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("no interval exceeded it") != std::string::npos);
  const CliRun html = run_cli(rig.dir, {"report", "--socket", rig.dir.file("control.sock"), "-o",
                                        "-", std::to_string(job)});
  CHECK(html.exit_code == 0);
  CHECK(html.out.find("Receive rate per interval") != std::string::npos);
  CHECK(html.out.find("SUT loss ratio per interval") != std::string::npos);
  CHECK(html.out.find("threshold 1e-3") != std::string::npos);
  CHECK(html.out.find("<tr><td>30</td>") != std::string::npos);
}

TEST_CASE("a soak above the SUT's capacity stops at the first lossy interval, or flags every one") {
  Rig rig(sharp_sut("500"));
  const std::int64_t stopping =
      rig.submit(soak_submit(rig.emulator.rpc_endpoint(), 500.0, 2e6, 600.0, "stop"));
  const Json::Value stopped = rig.finish(stopping)["result"];
  INFO(stopped.toStyledString());
  CHECK(stopped["stop_reason"].asString() == "loss_threshold");
  CHECK(stopped["stop_detail"].asString().find("interval 1 lost") != std::string::npos);
  check_trials_numbered(stopped, 1);
  CHECK(stopped["threshold"]["first_over"].asUInt64() == 1);

  const std::int64_t flagging =
      rig.submit(soak_submit(rig.emulator.rpc_endpoint(), 500.0, 2e6, 600.0, "flag"));
  const Json::Value flagged = rig.finish(flagging)["result"];
  CHECK(flagged["stop_reason"].asString() == "completed");
  check_trials_numbered(flagged, 10);
  CHECK(flagged["threshold"]["intervals_over"].asUInt64() == 10);
  CHECK(flagged["sut_loss_ratio"].asDouble() == doctest::Approx(0.5).epsilon(0.05));
}

}  // namespace trexsearch::servicetest
