#include "daemon/server/notifier.hpp"

#include <systemd/sd-daemon.h>

namespace trexsearch::service {
namespace {

void send(const std::string& message) {
  // Failures are not actionable (systemd gone, test socket closed): ignore them.
  (void)sd_notify(0, message.c_str());
}

std::string status_line(const std::string& status) {
  std::string clean = status;
  for (char& c : clean) {
    if (c == '\n') c = ' ';
  }
  return "STATUS=" + clean;
}

}  // namespace

void Notifier::ready(const std::string& status) const { send("READY=1\n" + status_line(status)); }

void Notifier::status(const std::string& status) const { send(status_line(status)); }

void Notifier::stopping() const {
  if (stopping_sent_.exchange(true)) return;
  send("STOPPING=1\nSTATUS=stopping");
}

void Notifier::reloading() const { send("RELOADING=1"); }

void Notifier::watchdog() const { send("WATCHDOG=1"); }

std::optional<std::chrono::microseconds> Notifier::watchdog_timeout() const {
  uint64_t usec = 0;
  if (sd_watchdog_enabled(0, &usec) <= 0 || usec == 0) return std::nullopt;
  return std::chrono::microseconds{static_cast<std::chrono::microseconds::rep>(usec)};
}

}  // namespace trexsearch::service
