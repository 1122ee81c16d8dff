#include "daemon/measurers/latency_trial_measurer.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "measure/errors.hpp"

namespace trexsearch {

std::optional<double> latency_rate_of(const measure::TrialOutcome& outcome) {
  std::optional<double> rate;
  for (const measure::DirectionLatency& direction : outcome.latency) {
    if (direction.rate_pps > 0.0) rate = std::max(rate.value_or(0.0), direction.rate_pps);
  }
  return rate;
}

measure::TrialOutcome LatencyTrialMeasurer::checked(measure::Seconds intended_duration,
                                                    double intended_load_pps,
                                                    std::stop_token stop) {
  const std::string why = "with " + setting_ +
                          " every trial carries the latency streams, so no trial load may be "
                          "below their rate (the search's min_load must be at least it)";
  if (rate_pps_ && intended_load_pps < *rate_pps_) {
    throw measure::MeasurementError("a trial at " + measure::format_value(intended_load_pps) +
                                    " pps is below the latency streams' rate " +
                                    measure::format_value(*rate_pps_) + " pps: " + why);
  }
  measure::TrialOutcome outcome;
  try {
    outcome = inner_.measure_latency(intended_duration, intended_load_pps, std::move(stop));
  } catch (const measure::MeasurementError& error) {
    throw measure::MeasurementError(std::string(error.what()) + " (" + why + ")");
  }
  if (const auto rate = latency_rate_of(outcome)) rate_pps_ = rate;
  return outcome;
}

measure::TrialOutcome LatencyTrialMeasurer::measure(measure::Seconds intended_duration,
                                                    double intended_load_pps,
                                                    std::stop_token stop) {
  return checked(intended_duration, intended_load_pps, std::move(stop));
}

measure::TrialOutcome LatencyTrialMeasurer::measure_latency(measure::Seconds intended_duration,
                                                            double intended_load_pps,
                                                            std::stop_token stop) {
  return checked(intended_duration, intended_load_pps, std::move(stop));
}

}  // namespace trexsearch
