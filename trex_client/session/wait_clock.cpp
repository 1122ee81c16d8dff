#include "trex_client/session/wait_clock.hpp"

#include <cmath>
#include <condition_variable>
#include <mutex>

#include "measure/errors.hpp"

namespace trexsearch::trex {

SteadyWaitClock::SteadyWaitClock(double speed)
    : speed_(speed), origin_(std::chrono::steady_clock::now()) {
  if (!std::isfinite(speed) || speed <= 0.0) {
    throw measure::ConfigError("clock speed", measure::format_value(speed), "must be > 0");
  }
}

measure::Seconds SteadyWaitClock::now() const {
  return measure::Seconds{
      std::chrono::duration<double>(std::chrono::steady_clock::now() - origin_).count() * speed_};
}

bool SteadyWaitClock::sleep_until(measure::Seconds deadline, std::stop_token stop) {
  const auto wall_deadline =
      origin_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(deadline.count() / speed_));
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  // Returns early only when stop is requested (nothing else notifies `wake`).
  wake.wait_until(lock, stop, wall_deadline, [] { return false; });
  return !stop.stop_requested();
}

}  // namespace trexsearch::trex
