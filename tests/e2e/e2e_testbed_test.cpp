// Testbeds end to end (docs/testbeds.md): trex-searchd with [testbed.NAME] sections
// runs each trex job on the testbed it names, or on the one its endpoint and ports
// belong to; refuses at submit a job naming an unknown testbed, listing the known
// ones; and refuses at start (and --check-config) testbeds that share a port.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

// One MRR trial of the stock profile (ports 0 and 1), on the testbed named (if any).
Json::Value mrr_job(const std::string& testbed, const std::string& endpoint = "") {
  Json::Value job(Json::objectValue);
  job["method"] = "mrr";
  job["name"] = "on-" + (testbed.empty() ? std::string("any") : testbed);
  job["spec"]["load"] = 100000.0;
  job["spec"]["trial_duration"] = 1.0;
  job["spec"]["trials"] = 1;
  job["measurer"]["kind"] = "trex";
  job["measurer"]["speed"] = 100.0;
  if (!endpoint.empty()) job["measurer"]["endpoint"] = endpoint;
  set_inline_profile(job["measurer"], example_profile_path());
  if (!testbed.empty()) job["testbed"] = testbed;
  return job;
}

std::string finished_state(ControlClient& client, const Json::Value& job) {
  const auto submitted = client.request("submit", job);
  INFO(submitted.arguments.toStyledString());
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t id = submitted.arguments["job"].asInt64();
  REQUIRE(client.request("watch", job_arguments(id), 2).result == ResultCode::success);
  return client.wait_event("job.ended")["state"].asString();
}

}  // namespace

TEST_CASE("trex jobs run on their testbed; an unknown one is refused naming the known") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), {"--speed", "100"});
  const std::string config = "trex-endpoint = " + emulator.rpc_endpoint() +
                             "\n[testbed.lab-a]\nendpoint = " + emulator.rpc_endpoint() +
                             "\nports = 0,1\n[testbed.far]\nendpoint = tcp://127.0.0.1:9\n"
                             "ports = 0,1\nport-speed = 10\n";
  DaemonProcess daemon(dir, daemon_args_with_config(dir, config));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  INFO(daemon.log());

  CHECK(finished_state(client, mrr_job("lab-a")) == "finished");
  // Named none: the testbed of the daemon's trex-endpoint holding ports 0 and 1.
  CHECK(finished_state(client, mrr_job("")) == "finished");
  // Both stored with the testbed they ran on, the second one found at submission.
  for (const std::int64_t id : {1, 2}) {
    const auto shown = client.request("show", job_arguments(id));
    REQUIRE(shown.result == ResultCode::success);
    CHECK(shown.arguments.toStyledString().find("\"testbed\" : \"lab-a\"") != std::string::npos);
  }

  // status: each testbed of the config, idle now.
  const auto status = client.request("status", Json::Value(Json::objectValue));
  REQUIRE(status.result == ResultCode::success);
  REQUIRE(status.arguments["testbeds"].size() == 2);
  CHECK(status.arguments["testbeds"][1]["name"].asString() == "far");
  CHECK(status.arguments["testbeds"][1]["ports"].asString() == "0,1");
  CHECK(status.arguments["testbeds"][0]["running"].isNull());

  // status --testbed: that testbed's line alone; an unknown one is refused naming the known.
  const CliRun far_status =
      run_cli(dir, {"--socket", dir.file("control.sock"), "status", "--testbed", "far"});
  CHECK(far_status.out.find("testbed far (tcp://127.0.0.1:9, ports 0,1): idle\n") !=
        std::string::npos);
  CHECK(far_status.out.find("testbed lab-a") == std::string::npos);
  const CliRun no_status =
      run_cli(dir, {"--socket", dir.file("control.sock"), "status", "--testbed", "lab-c"});
  CHECK(no_status.exit_code == 2);
  CHECK(no_status.err.find("--testbed lab-c: no such testbed (this daemon's testbeds: lab-a, "
                           "far)") != std::string::npos);

  // list --testbed: the jobs placed there, each saying so.
  Json::Value on_lab_a(Json::objectValue);
  on_lab_a["testbed"] = "lab-a";
  const auto listed = client.request("list", on_lab_a);
  REQUIRE(listed.result == ResultCode::success);
  REQUIRE(listed.arguments["jobs"].size() == 2);
  CHECK(listed.arguments["jobs"][0]["testbed"].asString() == "lab-a");
  Json::Value on_far(Json::objectValue);
  on_far["testbed"] = "far";
  CHECK(client.request("list", on_far).arguments["jobs"].empty());
  const CliRun table = run_cli(dir, {"--socket", dir.file("control.sock"), "list"});
  CHECK(table.out.find("TESTBED") != std::string::npos);
  CHECK(table.out.find("lab-a") != std::string::npos);
  // export: the testbed in each job record, last column of the CSV.
  const CliRun exported = run_cli(
      dir, {"--socket", dir.file("control.sock"), "export", "--format", "csv", "--records", "job"});
  INFO(exported.err);
  CHECK(exported.out.find(",trex_version,testbed\r\n") != std::string::npos);
  CHECK(exported.out.find(",lab-a\r\n") != std::string::npos);
  // trend: a result is compared with results from its own testbed.
  const std::string sock = dir.file("control.sock");
  const CliRun trend = run_cli(dir, {"--socket", sock, "trend", "on-lab-a"});
  INFO(trend.out << trend.err);
  CHECK(trend.exit_code == 0);
  CHECK(trend.out.find("on-lab-a on testbed lab-a") != std::string::npos);
  const CliRun trend_json = run_cli(dir, {"--socket", sock, "trend", "on-lab-a", "--json"});
  CHECK(parse_json(trend_json.out)["testbed"].asString() == "lab-a");
  CHECK_FALSE(parse_json(trend_json.out)["any_testbed"].asBool());
  const CliRun elsewhere_trend =
      run_cli(dir, {"--socket", sock, "trend", "on-lab-a", "--testbed", "far"});
  CHECK(elsewhere_trend.exit_code == 2);
  CHECK(elsewhere_trend.err.find("no ended job is named 'on-lab-a' on testbed far") !=
        std::string::npos);

  const auto unknown = client.request("submit", mrr_job("lab-c"));
  CHECK(unknown.result == ResultCode::bad_request);
  CHECK(
      unknown.text.find("testbed = lab-c: no such testbed (this daemon's testbeds: lab-a, far)") !=
      std::string::npos);
  const auto elsewhere = client.request("submit", mrr_job("far", emulator.rpc_endpoint()));
  CHECK(elsewhere.result == ResultCode::bad_request);
  CHECK(elsewhere.text.find("testbed far is on tcp://127.0.0.1:9") != std::string::npos);
  // A sim job has no testbed.
  Json::Value sim = submit_arguments(two_goal_spec(), sim_measurer(1e6));
  sim["testbed"] = "lab-a";
  const auto simulated = client.request("submit", sim);
  CHECK(simulated.result == ResultCode::bad_request);
  CHECK(simulated.text.find("testbed = \"lab-a\": is for trex jobs") != std::string::npos);

  // A testbed's port-speed: loads in % of line rate without asking its TRex (nothing
  // listens at far's endpoint), the speed recorded with the job.
  Json::Value percent = mrr_job("far");
  percent["spec"]["load"] = "50%";
  const auto placed = client.request("submit", percent);
  INFO(placed.text);
  REQUIRE(placed.result == ResultCode::success);
  const std::int64_t far_job = placed.arguments["job"].asInt64();
  const auto far_shown = client.request("show", job_arguments(far_job));
  CHECK(far_shown.arguments["spec"]["measurer"]["port_speed_gbps"].asDouble() == 10.0);
  // 64-byte frames: 10 Gbit/s / (84 B * 8) = 14,880,952 frames/s; half of it.
  CHECK(far_shown.arguments["spec"]["spec"]["load"].asDouble() ==
        doctest::Approx(7440476.19).epsilon(1e-6));
  CHECK(client.request("cancel", job_arguments(far_job)).result == ResultCode::success);
}

TEST_CASE("testbeds sharing a port of one TRex stop the daemon at start, naming both") {
  TempDir dir;
  const std::string config =
      "[testbed.a]\nendpoint = tcp://127.0.0.1:4501\nports = 0-1\n"
      "[testbed.b]\nendpoint = tcp://127.0.0.1:4501\nports = 1,2\n";
  std::vector<std::string> args = daemon_args_with_config(dir, config);
  args.emplace_back("--check-config");
  DaemonProcess check(dir, args, "check");
  CHECK(check.wait_exit() == 2);
  CHECK(check.log().find("testbeds a and b share port 1 of tcp://127.0.0.1:4501") !=
        std::string::npos);
  DaemonProcess start(dir, daemon_args_with_config(dir, config), "start");
  CHECK(start.wait_exit() == 2);
  CHECK(start.log().find("testbed.b.ports = 1,2") != std::string::npos);
}

}  // namespace trexsearch::servicetest
