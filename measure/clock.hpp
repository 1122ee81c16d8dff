#pragma once

#include "measure/units.hpp"

namespace trexsearch::measure {

/// Monotonic time as the searches see it. Injected so that tests and
/// simulations run hours of searching in milliseconds.
class Clock {
 public:
  virtual ~Clock() = default;
  /// Time since an arbitrary, fixed origin.
  virtual Seconds now() const = 0;
};

/// A clock that moves only when told to: for tests and virtual-time simulation.
class ManualClock final : public Clock {
 public:
  Seconds now() const override { return now_; }
  void advance(Seconds by) { now_ += by; }

 private:
  Seconds now_{0.0};
};

}  // namespace trexsearch::measure
