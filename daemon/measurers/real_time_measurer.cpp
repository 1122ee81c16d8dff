#include "daemon/measurers/real_time_measurer.hpp"

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>

#include "measure/errors.hpp"

namespace trexsearch {

measure::TrialOutcome RealTimeMeasurer::measure(measure::Seconds intended_duration,
                                                double intended_load_pps, std::stop_token stop) {
  return take_time(inner_.measure(intended_duration, intended_load_pps, stop), intended_duration,
                   stop);
}

measure::TrialOutcome RealTimeMeasurer::measure_latency(measure::Seconds intended_duration,
                                                        double intended_load_pps,
                                                        std::stop_token stop) {
  return take_time(inner_.measure_latency(intended_duration, intended_load_pps, stop),
                   intended_duration, stop);
}

measure::TrialOutcome RealTimeMeasurer::take_time(measure::TrialOutcome outcome,
                                                  measure::Seconds intended_duration,
                                                  const std::stop_token& stop) {
  const measure::Seconds wait = outcome.effective_duration.value_or(intended_duration);
  if (std::isfinite(wait.count()) && wait.count() > 0.0) {
    std::mutex mutex;
    std::condition_variable_any wakeup;
    std::unique_lock lock(mutex);
    // Nobody notifies: the wait ends at the deadline or when `stop` is requested
    // (condition_variable_any registers a stop callback that wakes it). This is
    // the simulated traffic itself, not a wait for something to happen.
    wakeup.wait_for(lock, stop, std::chrono::duration_cast<std::chrono::nanoseconds>(wait),
                    [] { return false; });
  }
  if (stop.stop_requested()) throw measure::MeasurementCancelled();
  return outcome;
}

}  // namespace trexsearch
