#pragma once

#include <chrono>
#include <stop_token>

#include "measure/clock.hpp"
#include "measure/units.hpp"

namespace trexsearch::trex {

/// A Clock one can also wait on: the measurer's trials and the session's waits
/// between reconnect attempts. Injected so that tests can run TRex's time faster
/// than real time (an emulator with --speed and a clock with the same factor), or on
/// a virtual clock, and still see durations in TRex's time.
class WaitClock : public measure::Clock {
 public:
  /// Waits until now() >= `deadline` or `stop` is requested; false when stopped.
  virtual bool sleep_until(measure::Seconds deadline, std::stop_token stop) = 0;
};

/// The steady clock, optionally scaled: now() runs `speed` times faster than real
/// time (1 for a real TRex).
class SteadyWaitClock final : public WaitClock {
 public:
  /// Throws ConfigError unless speed is finite and > 0.
  explicit SteadyWaitClock(double speed = 1.0);

  measure::Seconds now() const override;
  bool sleep_until(measure::Seconds deadline, std::stop_token stop) override;

 private:
  double speed_;
  std::chrono::steady_clock::time_point origin_;
};

}  // namespace trexsearch::trex
