#pragma once

#include <cstdint>

#include "search/measurer.hpp"

namespace trexsearch::trex {

/// Repeats a trial that ended in TrialInterrupted (a TRex restart or lost exchange
/// the session recovered from), up to `max_repeats` times per trial; any other
/// exception passes through. An emulator restart in a 10-trial sequence therefore
/// costs one repeated trial.
class RepeatingMeasurer final : public Measurer {
 public:
  /// Throws ConfigError for a negative max_repeats.
  RepeatingMeasurer(Measurer& inner, int max_repeats = 3);

  TrialOutcome measure(Seconds intended_duration, double intended_load_pps,
                       std::stop_token stop) override;
  /// The inner measurer's.
  bool has_latency_streams() const override { return inner_.has_latency_streams(); }
  /// Repeats an interrupted latency trial like measure() does.
  TrialOutcome measure_latency(Seconds intended_duration, double intended_load_pps,
                               std::stop_token stop) override;

  /// Trials repeated so far.
  std::uint64_t repeats() const { return repeats_; }

 private:
  template <class Trial>
  TrialOutcome repeat(Trial trial);

  Measurer& inner_;
  int max_repeats_;
  std::uint64_t repeats_ = 0;
};

}  // namespace trexsearch::trex
