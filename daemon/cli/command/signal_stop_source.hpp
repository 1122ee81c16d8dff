#pragma once

#include <atomic>
#include <iosfwd>
#include <stop_token>
#include <thread>

namespace trexsearch::cli {

/// A std::stop_source triggered by SIGINT or SIGTERM, so that Ctrl-C ends a search
/// in an orderly way and still prints the partial result. A second signal gets the
/// default action (the process ends at once).
///
/// Construct it before starting any other thread: it blocks both signals in the
/// calling thread (threads started later inherit that) and waits for them on a
/// signalfd in a thread of its own, where calling request_stop() is safe (it is not
/// async-signal-safe, so a plain signal handler could not call it).
class SignalStopSource {
 public:
  /// `notice` receives one line when a signal arrives; it must outlive this object.
  explicit SignalStopSource(std::ostream& notice);
  /// Stops the watcher thread and restores the signal mask; never throws.
  ~SignalStopSource();
  SignalStopSource(const SignalStopSource&) = delete;
  SignalStopSource& operator=(const SignalStopSource&) = delete;

  std::stop_token token() const { return source_.get_token(); }
  /// The signal that requested the stop, or 0.
  int received_signal() const { return received_.load(); }

 private:
  void watch(std::ostream& notice);

  std::stop_source source_;
  std::atomic<int> received_{0};
  int signal_fd_ = -1;
  int wake_fd_ = -1;
  std::jthread watcher_;
};

}  // namespace trexsearch::cli
