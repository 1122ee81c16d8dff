#pragma once
// A measurer on virtual time for tests: the searches' clock moves only when a
// trial ends (tests/search, tests/plr).
#include <stop_token>

#include "measure/clock.hpp"
#include "measure/measurer.hpp"

namespace trexsearch::test_support {

/// Advances a ManualClock by each trial's effective duration (the intended one
/// when the inner measurer gives none) plus a fixed overhead per trial.
class ClockedMeasurer final : public measure::Measurer {
 public:
  ClockedMeasurer(measure::Measurer& inner, measure::ManualClock& clock,
                  measure::Seconds overhead = measure::Seconds{0.0})
      : inner_(inner), clock_(clock), overhead_(overhead) {}

  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token stop) override {
    measure::TrialOutcome outcome = inner_.measure(duration, load_pps, stop);
    clock_.advance(outcome.effective_duration.value_or(duration) + overhead_);
    return outcome;
  }

 private:
  measure::Measurer& inner_;
  measure::ManualClock& clock_;
  measure::Seconds overhead_;
};

}  // namespace trexsearch::test_support
