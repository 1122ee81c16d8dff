// A measurer's processes are all stopped when it is shut down, also those that
// left its process group (setsid) or were orphaned; its stderr is capped per trial.
#include "daemon/measurers/process_tree.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "daemon/measurers/child_process.hpp"

using trexsearch::ChildProcess;
using trexsearch::PipeStatus;
using namespace std::chrono_literals;

namespace {

ChildProcess::Deadline in(std::chrono::milliseconds timeout) {
  return std::chrono::steady_clock::now() + timeout;
}

/// A pidfd for the process whose pid the child printed on its stdout.
int pidfd_of_printed_pid(ChildProcess& child) {
  std::string line;
  REQUIRE(child.read_line(line, 100, in(10s), {}) == PipeStatus::ok);
  // glibc 2.36's <sys/pidfd.h> lacks extern "C"; the raw syscall is the portable way.
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, std::stol(line), 0));
  REQUIRE(pidfd >= 0);
  return pidfd;
}

/// Whether the process behind `pidfd` has ended (readable then; a zombie counts).
bool ended(int pidfd, std::chrono::milliseconds timeout) {
  pollfd entry{pidfd, POLLIN, 0};
  return ::poll(&entry, 1, static_cast<int>(timeout.count())) == 1;
}

}  // namespace

TEST_CASE("shut_down kills a process that left the measurer's group with setsid") {
  // `setsid` execs into the new session: the printed pid is the escaped sleep.
  ChildProcess child("setsid sleep 300 & echo $!; wait");
  const int escaped = pidfd_of_printed_pid(child);
  child.shut_down(100ms);
  CHECK(ended(escaped, 10000ms));
  ::close(escaped);
}

TEST_CASE("a subreaper also finds and reaps a measurer's orphaned grandchild") {
  REQUIRE(trexsearch::become_subreaper());
  {
    // The middle shell exits at once: its setsid'ed child is orphaned (to us).
    ChildProcess child("sh -c 'setsid sleep 300 & echo $!'; exec sleep 300");
    const int orphan = pidfd_of_printed_pid(child);
    child.shut_down(100ms);
    CHECK(ended(orphan, 10000ms));
    // Reaped by shut_down, not left as our zombie.
    siginfo_t info{};
    CHECK(::waitid(P_PIDFD, static_cast<id_t>(orphan), &info, WEXITED | WNOHANG) == -1);
    ::close(orphan);
  }
  ::prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);  // the other tests run without
}

TEST_CASE("a measurer's stderr reaches ours only up to the limit per trial") {
  // Our stderr goes to a file for the test.
  char path[] = "/tmp/trex-search-stderr-XXXXXX";
  const int file = ::mkstemp(path);
  REQUIRE(file >= 0);
  const int saved = ::dup(STDERR_FILENO);
  ::dup2(file, STDERR_FILENO);
  std::size_t dropped_first = 0;
  std::size_t dropped_second = 0;
  {
    ChildProcess child(
        "read -r _; head -c 1000000 /dev/zero | tr '\\0' x >&2; echo one; "
        "read -r _; printf small >&2; echo two",
        4096);
    std::string line;
    REQUIRE(child.write_all("go\n", in(10s), {}) == PipeStatus::ok);
    REQUIRE(child.read_line(line, 100, in(10s), {}) == PipeStatus::ok);
    dropped_first = child.start_stderr_period();
    REQUIRE(child.write_all("go\n", in(10s), {}) == PipeStatus::ok);
    REQUIRE(child.read_line(line, 100, in(10s), {}) == PipeStatus::ok);
    child.shut_down(100ms);
    dropped_second = child.start_stderr_period();
  }
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  ::close(file);
  std::ifstream in_file(path);
  std::stringstream text;
  text << in_file.rdbuf();
  ::unlink(path);
  const std::string written = text.str();
  CHECK(dropped_first == 1000000 - 4096);
  CHECK(dropped_second == 0);
  CHECK(written.substr(0, 4096) == std::string(4096, 'x'));
  CHECK(written.find("995904 bytes of stderr over the limit of 4096 per trial dropped") !=
        std::string::npos);
  CHECK(written.find("small") != std::string::npos);
  CHECK(written.size() < 4096 + 200);
}
