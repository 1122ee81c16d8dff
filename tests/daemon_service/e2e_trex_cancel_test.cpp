// A cancel takes effect at once even when TRex hangs in the middle of an RPC with a
// long rpc_timeout (it used to hold the runner thread for the whole timeout, past
// cancel and SIGTERM).
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>

#include "emulator_process.hpp"
#include "service_test_support.hpp"

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
  REQUIRE(watcher.request("submit", submit).result == service::ResultCode::success);
  REQUIRE(watcher.request("watch", job_arguments(1), 2).result == service::ResultCode::success);
  (void)watcher.wait_trial(2);

  emulator.send_signal(SIGSTOP);  // TRex hangs: every RPC from now on waits
  ControlClient canceller(dir.file("control.sock"));
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(canceller.request("cancel", job_arguments(1)).result == service::ResultCode::success);
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
