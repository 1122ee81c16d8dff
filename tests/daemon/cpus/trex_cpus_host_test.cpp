// Finding a pinned listener through the machine's real /proc: a child process listens on
// 127.0.0.1:0 and pins itself to one CPU, as TRex pins its threads.
#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "daemon/cpus/trex_cpus.hpp"
#include "tests/support/pipe_lines.hpp"

namespace trexsearch::service {
namespace {

/// A forked child that listens on 127.0.0.1:0, pins itself to `cpu`, prints its port and
/// stays until its stdin pipe closes (no sleeps: the parent's close is its cue).
class PinnedListener {
 public:
  explicit PinnedListener(int cpu) {
    int ready[2];
    int hold[2];
    REQUIRE(::pipe(ready) == 0);
    REQUIRE(::pipe(hold) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::close(ready[0]);
      ::close(hold[1]);
      run_child(cpu, ready[1], hold[0]);
    }
    ::close(ready[1]);
    ::close(hold[0]);
    hold_ = hold[1];
    std::string buffer;
    const std::string line =
        trexsearch::testing::read_pipe_line(ready[0], buffer, std::chrono::seconds(30));
    ::close(ready[0]);
    REQUIRE_MESSAGE(line.rfind("port ", 0) == 0, line);
    port_ = static_cast<std::uint16_t>(std::stoi(line.substr(5)));
  }

  ~PinnedListener() {
    ::close(hold_);  // the child's read() returns 0 and it exits
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }

  PinnedListener(const PinnedListener&) = delete;
  PinnedListener& operator=(const PinnedListener&) = delete;

  pid_t pid() const { return pid_; }
  std::uint16_t port() const { return port_; }

 private:
  // Only async-signal-safe calls: the parent may have threads.
  [[noreturn]] static void run_child(int cpu, int ready, int hold) {
    const auto fail = [ready](const char* what) {
      [[maybe_unused]] const ssize_t written = ::write(ready, what, __builtin_strlen(what));
      ::_exit(1);
    };
    const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
        ::listen(listener, 1) != 0 ||
        ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      fail("cannot listen\n");
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(static_cast<std::size_t>(cpu), &set);
    if (::sched_setaffinity(0, sizeof set, &set) != 0) fail("cannot pin\n");
    char line[32] = "port ";
    unsigned port = ntohs(address.sin_port);
    char digits[8];
    int count = 0;
    do {
      digits[count++] = static_cast<char>('0' + port % 10);
      port /= 10;
    } while (port != 0);
    int at = 5;
    while (count > 0) line[at++] = digits[--count];
    line[at++] = '\n';
    [[maybe_unused]] const ssize_t written = ::write(ready, line, static_cast<std::size_t>(at));
    char byte = 0;
    while (::read(hold, &byte, 1) > 0) {
    }
    ::_exit(0);
  }

  pid_t pid_ = -1;
  int hold_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace

TEST_CASE("a local listener pinned to one CPU is found through the real /proc") {
  const ProcReader proc;
  const std::optional<CpuSet> online = proc.online_cpus();
  REQUIRE(online.has_value());
  if (online->size() < 2) {
    MESSAGE("one online CPU: a pinned thread cannot be told from a free one; skipped");
    return;
  }
  const int cpu = *online->rbegin();
  const PinnedListener child(cpu);
  const std::string endpoint = "tcp://127.0.0.1:" + std::to_string(child.port());
  const TrexCpuFinding finding = find_trex_cpus(endpoint, proc, host_locality);
  CHECK_MESSAGE(finding.kind == TrexCpuFinding::Kind::pinned, finding.detail);
  CHECK(finding.cpus == CpuSet{cpu});
  CHECK(finding.pids == std::vector<pid_t>{child.pid()});
  CHECK(finding.detail.find("pid " + std::to_string(child.pid())) == 0);
}

}  // namespace trexsearch::service
