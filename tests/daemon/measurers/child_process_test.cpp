#include "daemon/measurers/child_process.hpp"

#include <doctest/doctest.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>

using trexsearch::ChildProcess;
using trexsearch::PipeStatus;
using namespace std::chrono_literals;

namespace {

ChildProcess::Deadline in(std::chrono::milliseconds timeout) {
  return std::chrono::steady_clock::now() + timeout;
}

bool gone(pid_t pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

}  // namespace

TEST_CASE("lines go to the child and come back") {
  ChildProcess child("while IFS= read -r line; do printf '<%s>\\n' \"$line\"; done");
  std::string line;
  REQUIRE(child.write_all("one\ntwo\n", in(10s), {}) == PipeStatus::ok);
  REQUIRE(child.read_line(line, 100, in(10s), {}) == PipeStatus::ok);
  CHECK(line == "<one>");
  REQUIRE(child.read_line(line, 100, in(10s), {}) == PipeStatus::ok);
  CHECK(line == "<two>");
}

TEST_CASE("the child inherits stdin, stdout and stderr only") {
  // A descriptor without O_CLOEXEC, like Asio's sockets in the daemon, at a number
  // the shell itself will not use.
  int pipe_fds[2];
  REQUIRE(::pipe(pipe_fds) == 0);
  constexpr int kInheritable = 200;
  REQUIRE(::dup2(pipe_fds[0], kInheritable) == kInheritable);
  ChildProcess child("if [ -e /proc/$$/fd/200 ]; then echo inherited; else echo clean; fi");
  std::string line;
  REQUIRE(child.read_line(line, 1000, in(10s), {}) == PipeStatus::ok);
  CHECK(line == "clean");
  ::close(kInheritable);
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
}

TEST_CASE("writing to a child that closed its stdin reports closed, not SIGPIPE") {
  // The child closes stdin, then says so; our write must fail with EPIPE, and the
  // blocked-and-consumed SIGPIPE must not kill this test process.
  ChildProcess child("exec 0<&-; echo closed; exec sleep 30");
  std::string line;
  REQUIRE(child.read_line(line, 100, in(10s), {}) == PipeStatus::ok);
  CHECK(line == "closed");
  CHECK(child.write_all("request\n", in(10s), {}) == PipeStatus::closed);
  sigset_t pending;
  sigpending(&pending);
  CHECK(sigismember(&pending, SIGPIPE) == 0);
  child.shut_down(50ms);
}

TEST_CASE("a line longer than the limit is reported, not buffered forever") {
  ChildProcess child("head -c 5000 /dev/zero | tr '\\0' a; echo");
  std::string line;
  CHECK(child.read_line(line, 1000, in(10s), {}) == PipeStatus::too_long);
}

TEST_CASE("reading stops at the deadline and at a stop request") {
  ChildProcess child("exec sleep 30");
  std::string line;
  CHECK(child.read_line(line, 100, in(100ms), {}) == PipeStatus::timed_out);
  std::stop_source stop;
  stop.request_stop();
  CHECK(child.read_line(line, 100, in(10s), stop.get_token()) == PipeStatus::cancelled);
  child.shut_down(50ms);
}

TEST_CASE("the exit status is reported and the child is reaped") {
  pid_t pid = -1;
  {
    ChildProcess child("exit 3");
    pid = child.pid();
    std::string line;
    CHECK(child.read_line(line, 100, in(10s), {}) == PipeStatus::closed);
    const auto status = child.wait_for_exit(10s);
    REQUIRE(status.has_value());
    CHECK(trexsearch::describe_wait_status(*status) == "exited with status 3");
  }
  CHECK(gone(pid));
}

TEST_CASE("shut_down kills a child that ignores EOF and SIGTERM, its process group included") {
  pid_t pid = -1;
  {
    // A shell that ignores SIGTERM and waits for a background job that would hold
    // our stderr open for 30 s.
    ChildProcess child("trap '' TERM; sleep 30 & echo $!; wait");
    pid = child.pid();
    std::string line;
    REQUIRE(child.read_line(line, 100, in(10s), {}) == PipeStatus::ok);
    // glibc 2.36's <sys/pidfd.h> lacks extern "C"; the raw syscall is the portable way.
    const int background = static_cast<int>(::syscall(SYS_pidfd_open, std::stol(line), 0));
    REQUIRE(background >= 0);
    child.shut_down(50ms);
    // The pidfd turns readable when the background job has ended (it may linger as
    // someone else's zombie, which holds no files).
    pollfd entry{background, POLLIN, 0};
    CHECK(::poll(&entry, 1, 10000) == 1);
    ::close(background);
  }
  CHECK(gone(pid));
}

TEST_CASE("wait statuses read well") {
  CHECK(trexsearch::describe_wait_status(0) == "exited with status 0");
  CHECK(trexsearch::describe_wait_status(SIGKILL).find("was killed by signal 9") == 0);
}
