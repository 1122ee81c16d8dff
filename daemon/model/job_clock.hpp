#pragma once

#include "measure/clock.hpp"

namespace trexsearch::service {

/// A job's search clock: a base clock (virtual or steady) plus the time of the
/// trials replayed from the store on resume. A resumed search thus sees the same
/// elapsed time as if it had never stopped, so search_duration_max counts the
/// trials measured before the restart too.
class ShiftedClock final : public measure::Clock {
 public:
  /// `base` must outlive this object.
  explicit ShiftedClock(const measure::Clock& base) : base_(base) {}

  measure::Seconds now() const override { return base_.now() + shift_; }
  /// Moves this clock (not the base) forward.
  void shift(measure::Seconds by) { shift_ += by; }

 private:
  const measure::Clock& base_;
  measure::Seconds shift_{0.0};
};

}  // namespace trexsearch::service
