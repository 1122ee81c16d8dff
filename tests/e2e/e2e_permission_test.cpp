#include <doctest/doctest.h>
#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <iostream>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

constexpr uid_t kNobody = 65534;

// Runs in a forked child as `nobody`: may read (status), may not submit or cancel.
// Returns a process exit code: 0 when every expectation held, else the step number.
int unprivileged_client(const std::string& socket_path) {
  if (::setgroups(0, nullptr) != 0 || ::setresgid(kNobody, kNobody, kNobody) != 0 ||
      ::setresuid(kNobody, kNobody, kNobody) != 0) {
    return 10;
  }
  try {
    ControlClient client(socket_path);
    if (client.request("status").result != ResultCode::success) return 1;
    Json::Value submit(Json::objectValue);
    submit["spec"] = two_goal_spec();
    submit["measurer"] = sim_measurer(1e6);
    const auto denied = client.request("submit", submit);
    if (denied.result != ResultCode::permission_denied) return 2;
    if (denied.text.find("uid 65534") == std::string::npos) return 3;
    Json::Value cancel(Json::objectValue);
    cancel["job"] = 1;
    if (client.request("cancel", cancel).result != ResultCode::permission_denied) return 4;
    Json::Value show(Json::objectValue);
    show["job"] = 1;
    if (client.request("show", show).result != ResultCode::success) return 5;
  } catch (const std::exception& error) {
    std::cerr << "unprivileged client: " << error.what() << "\n";
    return 20;
  }
  return 0;
}

}  // namespace

TEST_CASE("a peer outside root, the daemon's user and the control group may read but not submit") {
  if (::geteuid() != 0) {
    MESSAGE("skipped: needs root to run a client as another uid (nobody)");
    return;
  }
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--socket-mode", "0666"}));
  REQUIRE(daemon.wait_ready());
  ControlClient root(dir.file("control.sock"));
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec();
  submit["measurer"] = sim_measurer(1e6);
  REQUIRE(root.request("submit", submit).result == ResultCode::success);

  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) ::_exit(unprivileged_client(dir.file("control.sock")));
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  // The refused requests did not disturb the daemon.
  CHECK(root.request("status").result == ResultCode::success);
}

}  // namespace trexsearch::servicetest
