// A cancel takes effect at once even when TRex hangs in the middle of an RPC with a
// long rpc_timeout (it used to hold the runner thread for the whole timeout, past
// cancel and SIGTERM).
#include <doctest/doctest.h>
#include <json/writer.h>

#include <chrono>
#include <csignal>

#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {

TEST_CASE("cancelling a trex job whose TRex hangs ends it within a second or so") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), {"--sut", "sharp", "--sut-option",
                                                      "capacity_pps=1e6", "--speed", "500"});
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient watcher(dir.file("control.sock"));
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["endpoint"] = emulator.rpc_endpoint();
  set_inline_profile(measurer, example_profile_path());
  measurer["speed"] = 500.0;
  measurer["rpc_timeout"] = 60.0;  // the maximum
  measurer["reconnect_grace"] = 3600.0;
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec(10000.0, 2e6);
  submit["measurer"] = measurer;
  REQUIRE(watcher.request("submit", submit).result == protocol::ResultCode::success);
  REQUIRE(watcher.request("watch", job_arguments(1), 2).result == protocol::ResultCode::success);
  watcher.wait_trial_count(2);

  emulator.send_signal(SIGSTOP);  // TRex hangs: every RPC from now on waits
  ControlClient canceller(dir.file("control.sock"));
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(canceller.request("cancel", job_arguments(1)).result == protocol::ResultCode::success);
  // Without the stop reaching the RPC wait this takes the 60 s rpc_timeout or more.
  const Json::Value ended = watcher.wait_event("job.ended", std::chrono::milliseconds(40000));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  emulator.send_signal(SIGCONT);
  MESSAGE("cancel took " << seconds << " s with TRex hung");
  CHECK(ended["state"].asString() == "cancelled");
  CHECK(seconds < 15.0);  // 0.5 s expected; generous for a loaded machine
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {

// A load in % of line rate makes submit ask TRex for its port speed (up to 1 s).
// That wait runs on the request pool: other clients are answered meanwhile.
TEST_CASE("a submit waiting for a hung TRex's port speed does not hold up status") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), {"--sut", "sharp"});
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  emulator.send_signal(SIGSTOP);
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["endpoint"] = emulator.rpc_endpoint();
  set_inline_profile(measurer, example_profile_path());
  measurer["rpc_timeout"] = 60.0;
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec(10000.0, 2e6);
  submit["spec"]["max_load"] = "100%";
  submit["measurer"] = measurer;
  Json::Value request(Json::objectValue);
  request["id"] = 1;
  request["command"] = "submit";
  request["arguments"] = submit;
  ControlClient submitter(dir.file("control.sock"));
  Json::StreamWriterBuilder one_line;
  one_line["indentation"] = "";
  submitter.send_raw(Json::writeString(one_line, request) + "\n");
  ControlClient other(dir.file("control.sock"));
  const auto start = std::chrono::steady_clock::now();
  CHECK(other.request("status").result == protocol::ResultCode::success);
  const double status_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The probe waits min(rpc_timeout, 1 s). On the io thread it held status up for
  // all of it (status then came after the submit's reply); on the pool status comes
  // at once (0.4 ms here), while the submit still waits.
  CHECK(status_s < 0.9);
  if (status_s < 0.9) CHECK_FALSE(submitter.read_line(std::chrono::milliseconds(0)).has_value());
  const auto reply = submitter.read_line(std::chrono::milliseconds(30000));
  emulator.send_signal(SIGCONT);
  REQUIRE(reply.has_value());
  MESSAGE("status took " << status_s
                         << " s while submit waited for TRex; submit replied: " << *reply);
  CHECK(reply->find("port speed") != std::string::npos);
}

}  // namespace trexsearch::servicetest
