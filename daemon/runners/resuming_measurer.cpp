#include "daemon/runners/resuming_measurer.hpp"

#include <cmath>
#include <utility>

namespace trexsearch::service {

ResumingMeasurer::ResumingMeasurer(std::vector<measure::RecordedTrial> stored,
                                   measure::Measurer& live, ShiftedClock& clock,
                                   std::vector<measure::RecordedTrial> stored_latency)
    : live_(live),
      stored_count_(stored.size()),
      stored_latency_count_(stored_latency.size()),
      replay_(std::move(stored), live),
      latency_calls_(live),
      latency_replay_(std::move(stored_latency), latency_calls_),
      clock_(clock) {}

measure::TrialOutcome ResumingMeasurer::answered(measure::ReplayMeasurer& replay,
                                                 measure::Seconds intended_duration,
                                                 double intended_load_pps, std::stop_token stop) {
  const std::size_t before = replay.replayed();
  measure::TrialOutcome outcome =
      replay.measure(intended_duration, intended_load_pps, std::move(stop));
  last_replayed_ = replay.replayed() > before;
  if (last_replayed_) {
    // Same rule as VirtualTimeMeasurer: the trial took its effective duration.
    const measure::Seconds took = outcome.effective_duration.value_or(intended_duration);
    if (std::isfinite(took.count()) && took.count() > 0.0) clock_.shift(took);
  }
  return outcome;
}

measure::TrialOutcome ResumingMeasurer::measure(measure::Seconds intended_duration,
                                                double intended_load_pps, std::stop_token stop) {
  return answered(replay_, intended_duration, intended_load_pps, std::move(stop));
}

measure::TrialOutcome ResumingMeasurer::measure_latency(measure::Seconds intended_duration,
                                                        double intended_load_pps,
                                                        std::stop_token stop) {
  return answered(latency_replay_, intended_duration, intended_load_pps, std::move(stop));
}

}  // namespace trexsearch::service
