// One run of an operator's hook (daemon/hooks/hook_process.hpp): argv without a
// shell, only the environment it is given, output capped, killed with its children
// at its timeout or on a stop request.
#include <doctest/doctest.h>
#include <signal.h>

#include <fstream>
#include <stop_token>
#include <string>

#include "daemon/hooks/hook_process.hpp"
#include "tests/daemon/support/test_support.hpp"

namespace trexsearch::service {
namespace {

HookDefinition shell_hook(const std::string& script, double timeout_s = 10.0) {
  HookDefinition hook;
  hook.name = "test-hook";
  hook.command = "/bin/sh -c " + script;
  hook.argv = {"/bin/sh", "-c", script};
  hook.timeout = std::chrono::milliseconds(static_cast<long>(timeout_s * 1000));
  return hook;
}

// Whether `pid` has ended (gone, or a zombie waiting for its parent).
bool ended(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const char state = line[line.rfind(')') + 2];
  return state == 'Z' || state == 'X';
}

pid_t pid_in(const std::string& file) {
  return static_cast<pid_t>(std::stol(test::read_file(file)));
}

}  // namespace

TEST_CASE("a hook gets only the environment it is given, and its exit status and output are kept") {
  const std::stop_source stop;
  const HookRun run =
      run_hook_process(shell_hook("env | sort; echo to-stderr >&2; exit 3"),
                       {"PATH=/usr/bin:/bin", "TREX_SEARCH_TRIAL=7"}, stop.get_token());
  CHECK(run.end == HookRun::End::exited);
  CHECK(run.status == 3);
  CHECK_FALSE(run.ok());
  // Nothing of ours (HOME, USER, the test's own variables) reaches it; the shell adds
  // PWD, and runs in /.
  CHECK(run.output.find("TREX_SEARCH_TRIAL=7\n") != std::string::npos);
  CHECK(run.output.find("PWD=/\n") != std::string::npos);
  CHECK(run.output.find("HOME=") == std::string::npos);
  CHECK(run.output.find("to-stderr\n") != std::string::npos);
  CHECK(run.output_dropped_bytes == 0);
  CHECK(run.describe().find("exited with status 3 after ") == 0);
}

TEST_CASE("arguments reach the hook as given: no shell expands them") {
  HookDefinition hook;
  hook.name = "printf";
  hook.argv = {"/usr/bin/printf", "%s|%s", "$HOME", "a b;c"};
  const std::stop_source stop;
  const HookRun run = run_hook_process(hook, {}, stop.get_token());
  CHECK(run.ok());
  CHECK(run.output == "$HOME|a b;c");
}

TEST_CASE("a hook that outlives its timeout is killed with its children") {
  const test::TempDir dir;
  const std::string child = (dir.path() / "child.pid").string();
  const std::string detached = (dir.path() / "detached.pid").string();
  // One child in its process group, one that left it (setsid): both must die.
  const std::string script = "sleep 60 & echo $! > " + child + "; setsid sleep 60 & echo $! > " +
                             detached + "; echo started; exec sleep 60";
  const std::stop_source stop;
  const HookRun run =
      run_hook_process(shell_hook(script, 0.5), {"PATH=/usr/bin:/bin"}, stop.get_token());
  CHECK(run.end == HookRun::End::timed_out);
  CHECK_FALSE(run.ok());
  CHECK(run.output == "started\n");
  CHECK(run.duration.count() >= 0.5);
  CHECK(run.describe().find("outlived its timeout") == 0);
  CHECK(ended(pid_in(child)));
  CHECK(ended(pid_in(detached)));
}

TEST_CASE("a stop request kills a running hook at once") {
  std::stop_source stop;
  stop.request_stop();
  const HookRun run = run_hook_process(shell_hook("exec sleep 60"), {}, stop.get_token());
  CHECK(run.end == HookRun::End::cancelled);
  CHECK(run.duration.count() < 60.0);
}

TEST_CASE("output past the cap is dropped and counted, and the run says so") {
  HookDefinition hook = shell_hook(
      "i=0; while [ $i -lt 200 ]; do echo 0123456789012345678; "
      "i=$((i+1)); done");
  hook.output_cap_bytes = 1000;
  const std::stop_source stop;
  const HookRun run = run_hook_process(hook, {}, stop.get_token());
  CHECK(run.ok());
  CHECK(run.output.size() == 1000);
  CHECK(run.output_dropped_bytes == 3000);
  CHECK(run.describe().find("output cut at 1000 bytes (3000 more dropped)") != std::string::npos);
}

TEST_CASE("a hook that writes without end is still killed at its timeout") {
  HookDefinition hook;
  hook.name = "yes";
  hook.argv = {"/usr/bin/yes"};
  hook.timeout = std::chrono::milliseconds(300);
  hook.output_cap_bytes = 1000;
  const std::stop_source stop;
  const HookRun run = run_hook_process(hook, {}, stop.get_token());
  CHECK(run.end == HookRun::End::timed_out);
  CHECK(run.output.size() == 1000);
  CHECK(run.output_dropped_bytes > 0);
}

TEST_CASE("a hook that cannot start says why") {
  HookDefinition hook;
  hook.name = "missing";
  hook.argv = {"/nonexistent/reset-nat"};
  const std::stop_source stop;
  const HookRun run = run_hook_process(hook, {}, stop.get_token());
  CHECK(run.end == HookRun::End::not_started);
  CHECK(run.describe() ==
        "could not be started: /nonexistent/reset-nat: No such file or directory");
}

TEST_CASE("a hook killed by a signal says which") {
  const std::stop_source stop;
  const HookRun run = run_hook_process(shell_hook("kill -TERM $$"), {}, stop.get_token());
  CHECK(run.end == HookRun::End::signalled);
  CHECK(run.status == SIGTERM);
  CHECK(run.describe().find("was killed by signal 15 (Terminated)") == 0);
}

}  // namespace trexsearch::service
