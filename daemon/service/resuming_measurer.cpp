#include "daemon/service/resuming_measurer.hpp"

#include <cmath>
#include <utility>

namespace trexsearch::service {

ResumingMeasurer::ResumingMeasurer(std::vector<RecordedTrial> stored, Measurer& live,
                                   ShiftedClock& clock)
    : stored_count_(stored.size()), replay_(std::move(stored), live), clock_(clock) {}

TrialOutcome ResumingMeasurer::measure(Seconds intended_duration, double intended_load_pps,
                                       std::stop_token stop) {
  const std::size_t before = replay_.replayed();
  TrialOutcome outcome = replay_.measure(intended_duration, intended_load_pps, std::move(stop));
  last_replayed_ = replay_.replayed() > before;
  if (last_replayed_) {
    // Same rule as VirtualTimeMeasurer: the trial took its effective duration.
    const Seconds took = outcome.effective_duration.value_or(intended_duration);
    if (std::isfinite(took.count()) && took.count() > 0.0) clock_.shift(took);
  }
  last_outcome_ = outcome;
  return outcome;
}

}  // namespace trexsearch::service
