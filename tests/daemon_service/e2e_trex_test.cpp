#include <doctest/doctest.h>

#include <csignal>

#include "emulator_process.hpp"
#include "service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using service::ResultCode;

// Emulated time runs this much faster than real time; the job's measurer matches it.
constexpr double kSpeed = 500.0;

Json::Value job_arguments(std::int64_t job) {
  Json::Value arguments(Json::objectValue);
  arguments["job"] = Json::Int64{job};
  return arguments;
}

std::vector<std::string> emulator_args() {
  return {"--sut", "sharp", "--sut-option", "capacity_pps=1e6", "--speed", "500"};
}

Json::Value trex_submit(const std::string& endpoint) {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["endpoint"] = endpoint;
  measurer["profile"] = TREX_SEARCH_SOURCE_DIR "/etc/profiles/ipv4-udp-64b-bidir.json";
  measurer["speed"] = kSpeed;
  measurer["reconnect_grace"] = 10.0;
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec(10000.0, 2e6);
  submit["measurer"] = measurer;
  return submit;
}

}  // namespace

TEST_CASE("an MLR job against trex-emulator gets a regular NDR/PDR result and the TRex version") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), emulator_args());
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  const auto submitted = client.request("submit", trex_submit(emulator.rpc_endpoint()));
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) {
    const Json::Value ended = client.wait_event("job.ended");
    INFO(daemon.log());
    REQUIRE(ended["state"].asString() == "finished");
  }
  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  INFO(result.arguments.toStyledString());
  CHECK(result.arguments["job"]["measurer"].asString() == "trex");
  CHECK(result.arguments["job"]["trex_version"].asString() == "v3.03");
  CHECK(result.arguments["job"]["profile"].asString().find("ipv4-udp-64b-bidir.json") !=
        std::string::npos);
  const Json::Value& goals = result.arguments["result"]["goals"];
  REQUIRE(goals.size() == 2);
  for (const Json::Value& goal : goals) {
    CHECK(goal["regular"].asBool());
  }
}

TEST_CASE("an emulator restart (SIGHUP) mid-job costs one repeated trial and the job finishes") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), emulator_args());
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  const auto submitted = client.request("submit", trex_submit(emulator.rpc_endpoint()));
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
  client.wait_trial(3);
  emulator.send_signal(SIGHUP);
  CHECK(emulator.read_line(kDeadline) == "restarted");
  const Json::Value ended = client.wait_event("job.ended");
  INFO(daemon.log());
  REQUIRE(ended["state"].asString() == "finished");
  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  for (const Json::Value& goal : result.arguments["result"]["goals"]) {
    CHECK(goal["regular"].asBool());
  }
  // The session saw the restart and recovered once (the trial it broke was repeated).
  CHECK(daemon.log().find("trex_reconnected endpoint=" + emulator.rpc_endpoint() +
                          " recoveries=1") != std::string::npos);
  CHECK(daemon.log().find("recoveries=2") == std::string::npos);
}

}  // namespace trexsearch::servicetest
