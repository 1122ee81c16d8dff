// Issue #16 item 2 end to end: a suite of 7 frame sizes and IMIX x NDR/PDR on
// trex-emulator through the real daemon and CLI; the daemon SIGKILLed halfway
// resumes it; `show SUITE` and the suite report show the SUT's 3 Mpps at small
// frames and the 10 Gbit/s line rate from 512 B on.
#include <doctest/doctest.h>

#include <csignal>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "daemon/codec/json_writer.hpp"
#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

constexpr double kCapacityPps = 3e6;

std::string suite_document(const std::string& endpoint) {
  Json::Value suite = parse_json(R"({"name": "sizes", "job": {"method": "mlr",
      "spec": {"goals": [
        {"name": "NDR", "loss_ratio": 0, "relative_width": 0.005, "initial_trial_duration": 1,
         "final_trial_duration": 1, "duration_sum": 21},
        {"name": "PDR", "loss_ratio": 0.005, "relative_width": 0.005, "initial_trial_duration": 1,
         "final_trial_duration": 1, "duration_sum": 21}],
        "min_load": 9001, "max_load": "100%"},
      "measurer": {"kind": "trex", "speed": 100, "reconnect_grace": 10}},
      "frame_sizes": [64, 128, 256, 512, 1024, 1280, 1518, "imix"]})");
  suite["job"]["measurer"]["endpoint"] = endpoint;
  // A path: `submit --suite` sends the profile's contents.
  suite["job"]["measurer"]["profile"] = example_profile_path();
  return codec::to_compact_json(suite);
}

// Waits until `job` has ended (a watch on an ended job answers at once).
void wait_ended(ControlClient& client, std::int64_t job) {
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) {
    const Json::Value ended = client.wait_event("job.ended", std::chrono::minutes(2));
    REQUIRE(ended["state"].asString() == "finished");
  }
}

double line_rate_pps(double frame_bytes) { return 10e9 / ((frame_bytes + 20.0) * 8.0); }

}  // namespace

TEST_CASE("a frame-size suite runs on the emulator, survives a SIGKILL, and shows the line rate") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), {"--sut", "sharp", "--sut-option",
                                                      "capacity_pps=3e6", "--speed", "100"});
  std::optional<DaemonProcess> daemon(std::in_place, dir, daemon_args(dir));
  REQUIRE(daemon->wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string file = dir.write("suite.json", suite_document(emulator.rpc_endpoint()));

  const CliRun submitted = run_cli(dir, {"submit", "--socket", socket, "--suite", file, "--json"});
  INFO(submitted.err);
  REQUIRE(submitted.exit_code == 0);
  const Json::Value receipt = parse_json(submitted.out);
  REQUIRE(receipt["jobs"].size() == 8);
  const std::int64_t second = receipt["jobs"][1].asInt64();
  const std::int64_t last = receipt["jobs"][7].asInt64();

  // Halfway: kill -9 once the second job ended, start again; the rest resumes.
  {
    ControlClient client(socket);
    wait_ended(client, second);
  }
  daemon->send_signal(SIGKILL);
  CHECK(daemon->wait_exit() == 128 + SIGKILL);
  daemon.reset();
  daemon.emplace(dir, daemon_args(dir), "second");
  REQUIRE(daemon->wait_ready());
  {
    ControlClient client(socket);
    wait_ended(client, last);
    const auto shown = client.request("show_suite", parse_json(R"({"suite": "sizes"})"));
    INFO(daemon->log());
    REQUIRE(shown.result == ResultCode::success);
    const Json::Value& entries = shown.arguments["entries"];
    REQUIRE(entries.size() == 8);
    for (const Json::Value& entry : entries) {
      const std::string label = entry["label"].asString();
      CAPTURE(label);
      CHECK(entry["job"]["state"].asString() == "finished");
      CHECK(entry["job"]["name"].asString() == "sizes/" + label);
      const double bytes = entry["line_rate"]["frame_bytes"].asDouble();
      const double line = line_rate_pps(bytes);
      CHECK(entry["line_rate"]["line_rate_pps"].asDouble() == doctest::Approx(line).epsilon(1e-9));
      for (const Json::Value& goal : entry["result"]["goals"]) {
        CAPTURE(goal["name"].asString());
        const double throughput = goal["conditional_throughput"].asDouble();
        if (line < kCapacityPps) {
          // The link is the limit: max_load (100 % of line rate) passed.
          CHECK(goal["irregular_reason"].asString() == "max_load_is_lower_bound");
          CHECK(throughput == doctest::Approx(line).epsilon(1e-6));
        } else {
          // The SUT is: within the goal's width (0.5 %) below its 3 Mpps.
          CHECK(goal["regular"].asBool());
          CHECK(throughput <= kCapacityPps * 1.0001);
          CHECK(throughput >= kCapacityPps * 0.99);
        }
      }
    }
  }

  const CliRun shown = run_cli(dir, {"show", "--socket", socket, "sizes"});
  INFO(shown.err);
  CHECK(shown.exit_code == 0);
  CHECK(shown.out.find("8 jobs, 8 ended") != std::string::npos);
  CHECK(shown.out.find(">=812744") != std::string::npos);  // 1518 B at line rate

  const std::string html = dir.file("suite.html");
  const CliRun report = run_cli(dir, {"report", "--socket", socket, "sizes", "-o", html});
  INFO(report.err);
  CHECK(report.exit_code == 0);
  const std::string page = read_file(html);
  CHECK(page.find("Throughput, frames/s per direction") != std::string::npos);
  CHECK(page.find("line rate of a 10.00 Gbit/s port") != std::string::npos);
  CHECK(page.find("&ge; 812.7 kpps") != std::string::npos);
  CHECK(page.find("IMIX") != std::string::npos);

  const CliRun listed = run_cli(dir, {"list", "--socket", socket, "--suites"});
  CHECK(listed.exit_code == 0);
  CHECK(listed.out.find("sizes") != std::string::npos);
  // Each entry is its own trend series.
  const CliRun trend = run_cli(dir, {"trend", "--socket", socket, "sizes/64B"});
  CHECK(trend.out.find("sizes/64B") != std::string::npos);
}

}  // namespace trexsearch::servicetest
