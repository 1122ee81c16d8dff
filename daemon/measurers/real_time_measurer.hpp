#pragma once

#include "measure/measurer.hpp"

namespace trexsearch {

/// Makes an instant measurer (a simulated SUT) take real time: after the inner
/// measurer answers, waits for the trial's effective duration before returning,
/// as a traffic generator would. The wait ends early, with MeasurementCancelled,
/// when the stop token is triggered.
class RealTimeMeasurer final : public measure::Measurer {
 public:
  /// `inner` must outlive this object.
  explicit RealTimeMeasurer(measure::Measurer& inner) : inner_(inner) {}

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  /// Latency trials take their time too (docs/latency.md).
  bool has_latency_streams() const override { return inner_.has_latency_streams(); }
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

 private:
  /// Waits for the outcome's effective duration (or the intended one), honouring `stop`.
  static measure::TrialOutcome take_time(measure::TrialOutcome outcome,
                                         measure::Seconds intended_duration,
                                         const std::stop_token& stop);

  measure::Measurer& inner_;
};

}  // namespace trexsearch
