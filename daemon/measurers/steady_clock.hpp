#pragma once

#include <chrono>

#include "measure/clock.hpp"

namespace trexsearch {

/// The real monotonic clock, for searches that run in wall time. Lives at the
/// edge (daemon/), since search/ and plr/ never read a clock themselves.
class SteadyClock final : public measure::Clock {
 public:
  measure::Seconds now() const override {
    return std::chrono::duration_cast<measure::Seconds>(
        std::chrono::steady_clock::now().time_since_epoch());
  }
};

}  // namespace trexsearch
