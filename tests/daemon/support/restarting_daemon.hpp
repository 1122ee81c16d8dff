#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {

/// VmRSS of a process [KiB]; -1 when it cannot be read.
long rss_kib(pid_t pid);

/// The daemon under test in the fault soak: SIGKILLed and started again on the
/// same state directory (readiness from NOTIFY_SOCKET each time), its RSS noted
/// at every start and before every kill.
class RestartingDaemon {
 public:
  /// Starts the first instance with daemon_args(dir, extra_args).
  RestartingDaemon(const TempDir& dir, std::vector<std::string> extra_args);

  void kill_and_restart();
  DaemonProcess& process() { return *process_; }
  /// Every instance's log, for failure messages.
  std::string logs() const;
  const std::vector<long>& rss_ready_kib() const { return rss_ready_kib_; }
  const std::vector<long>& rss_before_kill_kib() const { return rss_before_kill_kib_; }

 private:
  void start();

  const TempDir& dir_;
  std::vector<std::string> extra_args_;
  int starts_ = 0;
  std::unique_ptr<DaemonProcess> process_;
  std::vector<long> rss_ready_kib_;
  std::vector<long> rss_before_kill_kib_;
};

}  // namespace trexsearch::servicetest
