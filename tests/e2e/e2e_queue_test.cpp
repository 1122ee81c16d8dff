#include <doctest/doctest.h>

#include <csignal>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

std::int64_t submit(ControlClient& client, const Json::Value& measurer) {
  Json::Value arguments(Json::objectValue);
  arguments["spec"] = two_goal_spec();
  arguments["measurer"] = measurer;
  const auto reply = client.request("submit", arguments);
  REQUIRE(reply.result == ResultCode::success);
  return reply.arguments["job"].asInt64();
}

}  // namespace

TEST_CASE("jobs queue behind the running one; queued and running jobs can be cancelled") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  ControlClient watcher(dir.file("control.sock"));

  // Job A's measurer hangs on its second trial until it is stopped.
  const std::int64_t a = submit(
      client, fake_exec_measurer(1e6, {"--hang-at", "2", "--pid-file", dir.file("measurer.pid")}));
  REQUIRE(watcher.request("watch", job_arguments(a), 10).result == ResultCode::success);
  watcher.wait_trial_count(1);

  // A's measurer inherited none of the daemon's sockets (listener, clients): an
  // orphaned measurer must not keep the control socket alive after a crash.
  const std::string measurer_pid = read_file(dir.file("measurer.pid"));
  REQUIRE_FALSE(measurer_pid.empty());
  const std::string fd_dir = "/proc/" + measurer_pid.substr(0, measurer_pid.find('\n')) + "/fd";
  int sockets = 0;
  for (const auto& entry : std::filesystem::directory_iterator(fd_dir)) {
    std::error_code error;
    const auto target = std::filesystem::read_symlink(entry.path(), error);
    if (!error && target.string().rfind("socket:", 0) == 0) ++sockets;
  }
  CHECK(sockets == 0);

  const std::int64_t b = submit(client, sim_measurer(1e6));
  const std::int64_t c = submit(client, sim_measurer(2e6));
  const auto status = client.request("status");
  CHECK(status.arguments["queue"]["running"]["id"].asInt64() == a);
  REQUIRE(status.arguments["queue"]["queued"].size() == 2);
  CHECK(status.arguments["queue"]["queued"][0].asInt64() == b);
  CHECK(status.arguments["queue"]["queued"][1].asInt64() == c);

  Json::Value queued_only(Json::objectValue);
  queued_only["state"] = "queued";
  CHECK(client.request("list", queued_only).arguments["jobs"].size() == 2);

  const auto cancel_b = client.request("cancel", job_arguments(b));
  REQUIRE(cancel_b.result == ResultCode::success);
  CHECK(cancel_b.arguments["state"].asString() == "cancelled");
  const auto show_b = client.request("show", job_arguments(b));
  CHECK(show_b.arguments["job"]["state"].asString() == "cancelled");
  CHECK(show_b.arguments["job"]["started_at"].isNull());
  CHECK(show_b.arguments["trials"].size() == 0);
  CHECK(client.request("result", job_arguments(b)).result == ResultCode::conflict);

  REQUIRE(client.request("cancel", job_arguments(a)).result == ResultCode::success);
  CHECK(watcher.wait_event("job.ended")["state"].asString() == "cancelled");

  // C runs once A is gone, and finishes.
  const auto watch_c = watcher.request("watch", job_arguments(c), 11);
  REQUIRE(watch_c.result == ResultCode::success);
  if (!watch_c.arguments["ended"].asBool()) {
    CHECK(watcher.wait_event("job.ended")["state"].asString() == "finished");
  }
  CHECK(client.request("show", job_arguments(c)).arguments["job"]["state"].asString() ==
        "finished");
  const auto show_a = client.request("show", job_arguments(a));
  CHECK(show_a.arguments["job"]["state"].asString() == "cancelled");
  CHECK(show_a.arguments["job"]["trial_count"].asUInt64() == 1);
  CHECK(client.request("cancel", job_arguments(999)).result == ResultCode::not_found);
}

}  // namespace trexsearch::servicetest
