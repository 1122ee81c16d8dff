// Another user's TRex: its descriptors cannot be read, so its CPUs are unknown and the
// reason says so. Runs the discovery as `nobody` in a child process when the tests run as
// root (root reads every fd directory).
#include <doctest/doctest.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>

#include "daemon/cpus/trex_cpus.hpp"
#include "tests/daemon/support/fake_proc.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/pipe_lines.hpp"

namespace trexsearch::service {
namespace {

using servicetest::FakeProc;
using servicetest::TempDir;

// Runs `body` as an unprivileged user (nobody) in a child process when the tests run as
// root (root reads every fd directory); returns what it returned.
std::string unprivileged(const std::function<std::string()>& body) {
  if (::geteuid() != 0) return body();
  int out[2];
  REQUIRE(::pipe(out) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(out[0]);
    std::string result;
    if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) {
      result = "(cannot become nobody)";
    } else {
      try {
        result = body();
      } catch (const std::exception& error) {
        result = std::string("(exception) ") + error.what();
      }
    }
    result += "\n";
    [[maybe_unused]] const ssize_t written = ::write(out[1], result.data(), result.size());
    ::_exit(0);
  }
  ::close(out[1]);
  std::string buffer;
  const std::string line =
      trexsearch::testing::read_pipe_line(out[0], buffer, std::chrono::seconds(30));
  ::close(out[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  return line;
}

}  // namespace

TEST_CASE("another user's TRex whose descriptors cannot be read is unknown: permission denied") {
  TempDir dir;
  FakeProc proc(dir.path() / "root", "0-3");
  proc.add_tcp(4501, 5001);
  proc.add_process(400, "sshd", 4000);
  proc.add_process(1000, "_t-rex-64", 5001, 7);
  proc.add_thread(1000, 1000, "_t-rex-64", "2");
  // As another user's process: its fd directory is closed to us.
  const std::string fd_dir = (proc.root() / "proc" / "1000" / "fd").string();
  ::chmod(fd_dir.c_str(), 0);
  const std::string result = unprivileged([&] {
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), 4501);
    return std::string(to_string(finding.kind)) + ": " + finding.detail;
  });
  ::chmod(fd_dir.c_str(), 0755);
  CHECK(result.find("unknown: a socket listens on TCP port 4501 (owner uid 0) but permission "
                    "denied reading the descriptors of 1 other users' processes") == 0);
}

}  // namespace trexsearch::service
