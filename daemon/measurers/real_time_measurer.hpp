#pragma once

#include "search/measurer.hpp"

namespace trexsearch {

/// Makes an instant measurer (a simulated SUT) take real time: after the inner
/// measurer answers, waits for the trial's effective duration before returning,
/// as a traffic generator would. The wait ends early, with MeasurementCancelled,
/// when the stop token is triggered.
class RealTimeMeasurer final : public Measurer {
 public:
  /// `inner` must outlive this object.
  explicit RealTimeMeasurer(Measurer& inner) : inner_(inner) {}

  TrialOutcome measure(Seconds intended_duration, double intended_load_pps,
                       std::stop_token stop) override;

  /// Latency trials take their time too (docs/latency.md).
  bool has_latency_streams() const override { return inner_.has_latency_streams(); }
  TrialOutcome measure_latency(Seconds intended_duration, double intended_load_pps,
                               std::stop_token stop) override;

 private:
  /// Waits for the outcome's effective duration (or the intended one), honouring `stop`.
  static TrialOutcome take_time(TrialOutcome outcome, Seconds intended_duration,
                                const std::stop_token& stop);

  Measurer& inner_;
};

}  // namespace trexsearch
