#pragma once

#include <cstdint>

#include "measure/measurer.hpp"

namespace trexsearch::trex {

/// Repeats a trial that ended in TrialInterrupted (a TRex restart or lost exchange
/// the session recovered from), up to `max_repeats` times per trial; any other
/// exception passes through. An emulator restart in a 10-trial sequence therefore
/// costs one repeated trial.
class RepeatingMeasurer final : public measure::Measurer {
 public:
  /// Throws ConfigError for a negative max_repeats.
  RepeatingMeasurer(measure::Measurer& inner, int max_repeats = 3);

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;
  /// The inner measurer's.
  bool has_latency_streams() const override { return inner_.has_latency_streams(); }
  /// Repeats an interrupted latency trial like measure() does.
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

  /// Trials repeated so far.
  std::uint64_t repeats() const { return repeats_; }

 private:
  template <class Trial>
  measure::TrialOutcome repeat(Trial trial);

  measure::Measurer& inner_;
  int max_repeats_;
  std::uint64_t repeats_ = 0;
};

}  // namespace trexsearch::trex
