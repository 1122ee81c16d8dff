#pragma once

#include <stop_token>

#include "measure/clock.hpp"
#include "measure/measurer.hpp"

namespace trexsearch::bench {

/// Advances a ManualClock by each trial's effective duration, so the controller's
/// search_duration_max sees simulated time. Local to the benchmark on purpose:
/// the product's decorator lives with the CLI's measurers.
class ClockedMeasurer final : public measure::Measurer {
 public:
  ClockedMeasurer(measure::Measurer& inner, measure::ManualClock& clock)
      : inner_(inner), clock_(clock) {}

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override {
    measure::TrialOutcome outcome = inner_.measure(intended_duration, intended_load_pps, stop);
    clock_.advance(outcome.effective_duration.value_or(intended_duration));
    return outcome;
  }

 private:
  measure::Measurer& inner_;
  measure::ManualClock& clock_;
};

}  // namespace trexsearch::bench
