#pragma once

#include "measure/clock.hpp"
#include "measure/measurer.hpp"

namespace trexsearch {

/// Runs searches on virtual time: forwards each trial to the wrapped measurer and
/// then advances the ManualClock by the trial's effective duration (the outcome's,
/// or else the intended duration), as if the trial had taken that long. This is how
/// `trex-search simulate` runs a 20-minute search in milliseconds.
class VirtualTimeMeasurer final : public measure::Measurer {
 public:
  /// Both must outlive this object.
  VirtualTimeMeasurer(measure::Measurer& inner, measure::ManualClock& clock)
      : inner_(inner), clock_(clock) {}

  /// A trial that throws takes no virtual time; neither does an outcome whose
  /// effective duration is not a positive finite number (the search rejects it).
  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  /// Latency trials move the clock the same way (docs/latency.md).
  bool has_latency_streams() const override { return inner_.has_latency_streams(); }
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

 private:
  /// Advances the clock by the outcome's effective duration (or the intended one).
  measure::TrialOutcome advance(measure::TrialOutcome outcome, measure::Seconds intended_duration);

  measure::Measurer& inner_;
  measure::ManualClock& clock_;
};

}  // namespace trexsearch
