#include "trex_client/measurer/repeating_measurer.hpp"

#include "search/errors.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"

namespace trexsearch::trex {

RepeatingMeasurer::RepeatingMeasurer(Measurer& inner, int max_repeats)
    : inner_(inner), max_repeats_(max_repeats) {
  if (max_repeats < 0) {
    throw ConfigError("max_repeats", std::to_string(max_repeats), "must be >= 0");
  }
}

TrialOutcome RepeatingMeasurer::measure(Seconds intended_duration, double intended_load_pps,
                                        std::stop_token stop) {
  for (int attempt = 0;; ++attempt) {
    try {
      return inner_.measure(intended_duration, intended_load_pps, stop);
    } catch (const TrialInterrupted&) {
      if (attempt >= max_repeats_) throw;
      ++repeats_;
    }
  }
}

}  // namespace trexsearch::trex
