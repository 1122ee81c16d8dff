#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>

namespace trexsearch::service {

/// systemd's notification protocol (sd_notify, Type=notify): READY=1 once the
/// socket listens, STATUS= lines, STOPPING=1, RELOADING=1, WATCHDOG=1. Without
/// NOTIFY_SOCKET every call does nothing. Safe to call from any thread.
class Notifier {
 public:
  void ready(const std::string& status) const;
  void status(const std::string& status) const;
  void stopping() const;
  void reloading() const;
  void watchdog() const;

  /// WATCHDOG_USEC when systemd expects pings (for this process), else nullopt.
  std::optional<std::chrono::microseconds> watchdog_timeout() const;

 private:
  /// STOPPING=1 goes out once: the signal handler and the end of the run both
  /// announce the stop (either may come first).
  mutable std::atomic<bool> stopping_sent_{false};
};

}  // namespace trexsearch::service
