#include "daemon/measurers/virtual_time_measurer.hpp"

#include <cmath>

namespace trexsearch {

measure::TrialOutcome VirtualTimeMeasurer::measure(measure::Seconds intended_duration,
                                                   double intended_load_pps, std::stop_token stop) {
  return advance(inner_.measure(intended_duration, intended_load_pps, std::move(stop)),
                 intended_duration);
}

measure::TrialOutcome VirtualTimeMeasurer::measure_latency(measure::Seconds intended_duration,
                                                           double intended_load_pps,
                                                           std::stop_token stop) {
  return advance(inner_.measure_latency(intended_duration, intended_load_pps, std::move(stop)),
                 intended_duration);
}

measure::TrialOutcome VirtualTimeMeasurer::advance(measure::TrialOutcome outcome,
                                                   measure::Seconds intended_duration) {
  const measure::Seconds elapsed = outcome.effective_duration.value_or(intended_duration);
  // draft-15 "Trial Effective Duration" is what the search sums and what the
  // trial cost; a nonsensical value must not move the clock backwards.
  if (std::isfinite(elapsed.count()) && elapsed.count() > 0.0) clock_.advance(elapsed);
  return outcome;
}

}  // namespace trexsearch
