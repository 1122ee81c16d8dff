#include "tests/daemon/support/restarting_daemon.hpp"

#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <fstream>

namespace trexsearch::servicetest {

long rss_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

RestartingDaemon::RestartingDaemon(const TempDir& dir, std::vector<std::string> extra_args)
    : dir_(dir), extra_args_(std::move(extra_args)) {
  start();
}

void RestartingDaemon::start() {
  ++starts_;
  process_ = std::make_unique<DaemonProcess>(dir_, daemon_args(dir_, extra_args_),
                                             "daemon-" + std::to_string(starts_));
  REQUIRE_MESSAGE(process_->wait_ready(), process_->log());
  rss_ready_kib_.push_back(rss_kib(process_->pid()));
}

void RestartingDaemon::kill_and_restart() {
  rss_before_kill_kib_.push_back(rss_kib(process_->pid()));
  process_->send_signal(SIGKILL);
  REQUIRE(process_->wait_exit() == 128 + SIGKILL);
  start();
}

std::string RestartingDaemon::logs() const {
  std::string all;
  for (int i = 1; i <= starts_; ++i) {
    all += read_file(dir_.file("daemon-" + std::to_string(i) + ".log"));
  }
  return all;
}

}  // namespace trexsearch::servicetest
