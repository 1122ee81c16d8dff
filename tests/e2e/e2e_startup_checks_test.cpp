// What the daemon checks before it starts: a socket path another process still
// listens on is left alone, and --check-config refuses store paths and CPU lists
// the daemon could never use.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

/// A listening Unix socket whose backlog is full: alive, but a connect would wait.
class BusyListener {
 public:
  explicit BusyListener(const std::string& path) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    listener_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(::bind(listener_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(::listen(listener_, 0) == 0);
    // Backlog 0 takes one connection; the next would block (EAGAIN when non-blocking).
    for (int& client : clients_) {
      client = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
      (void)::connect(client, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    }
  }
  ~BusyListener() {
    for (const int client : clients_) ::close(client);
    ::close(listener_);
  }
  BusyListener(const BusyListener&) = delete;
  BusyListener& operator=(const BusyListener&) = delete;

 private:
  int listener_ = -1;
  int clients_[2]{-1, -1};
};

ino_t inode_of(const std::string& path) {
  struct stat info {};
  REQUIRE(::lstat(path.c_str(), &info) == 0);
  return info.st_ino;
}

}  // namespace

TEST_CASE("a socket path another process listens on is not removed, even when it is busy") {
  TempDir dir;
  const BusyListener other(dir.file("control.sock"));
  const ino_t before = inode_of(dir.file("control.sock"));
  DaemonProcess daemon(dir, daemon_args(dir));
  CHECK_FALSE(daemon.wait_ready());
  CHECK(daemon.wait_exit() == 1);
  CHECK(daemon.log().find("is in use: another process listens on it") != std::string::npos);
  CHECK(inode_of(dir.file("control.sock")) == before);
}

TEST_CASE("--check-config refuses a state directory or store the daemon cannot use") {
  TempDir dir;
  const auto check = [&](const std::vector<std::string>& extra, const std::string& name) {
    std::vector<std::string> args{"--config", dir.write("empty.conf", ""), "--check-config"};
    args.insert(args.end(), extra.begin(), extra.end());
    DaemonProcess daemon(dir, args, name);
    const auto code = daemon.wait_exit();
    return std::make_pair(code.value_or(-1), daemon.log());
  };
  auto [code, log] = check({"--state-dir", "/dev/null"}, "devnull");
  CHECK(code == 2);
  CHECK(log.find("state-dir = /dev/null: is not a directory") != std::string::npos);

  std::filesystem::create_directories(dir.path() / "state" / "jobs.sqlite");
  std::tie(code, log) = check({"--state-dir", dir.file("state")}, "dirstore");
  CHECK(code == 2);
  CHECK(log.find("jobs.sqlite exists and is not a regular file") != std::string::npos);

  std::tie(code, log) = check({"--state-dir", dir.file("missing/deeper")}, "noparent");
  CHECK(code == 2);
  CHECK(log.find("neither does its parent directory") != std::string::npos);

  std::tie(code, log) = check({"--state-dir", dir.file("fresh"), "--cpus", "4000"}, "cpus");
  CHECK(code == 2);
  CHECK(log.find("cpus = 4000: CPU 4000 is not online on this machine") != std::string::npos);

  std::tie(code, log) = check({"--state-dir", dir.file("fresh")}, "good");
  CHECK(code == 0);
  CHECK(log.find("configuration OK") != std::string::npos);
}

TEST_CASE("a daemon running as root with exec measurers allowed says so at start") {
  if (::geteuid() != 0) {
    MESSAGE("skipped: the warning is about running as root");
    return;
  }
  TempDir dir;
  {
    DaemonProcess daemon(dir, daemon_args(dir), "allowed");
    REQUIRE(daemon.wait_ready());
    CHECK(daemon.log().find("exec.runs_as_root") != std::string::npos);
  }
  DaemonProcess daemon(dir, daemon_args(dir, {"--allow-exec-measurer", "false"}), "refused");
  REQUIRE(daemon.wait_ready());
  CHECK(daemon.log().find("exec.runs_as_root") == std::string::npos);
}

}  // namespace trexsearch::servicetest
