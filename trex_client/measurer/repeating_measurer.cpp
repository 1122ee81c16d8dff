#include "trex_client/measurer/repeating_measurer.hpp"

#include "measure/errors.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"

namespace trexsearch::trex {

RepeatingMeasurer::RepeatingMeasurer(measure::Measurer& inner, int max_repeats)
    : inner_(inner), max_repeats_(max_repeats) {
  if (max_repeats < 0) {
    throw measure::ConfigError("max_repeats", std::to_string(max_repeats), "must be >= 0");
  }
}

measure::TrialOutcome RepeatingMeasurer::measure(measure::Seconds intended_duration,
                                                 double intended_load_pps, std::stop_token stop) {
  return repeat([&] { return inner_.measure(intended_duration, intended_load_pps, stop); });
}

measure::TrialOutcome RepeatingMeasurer::measure_latency(measure::Seconds intended_duration,
                                                         double intended_load_pps,
                                                         std::stop_token stop) {
  return repeat([&] { return inner_.measure_latency(intended_duration, intended_load_pps, stop); });
}

template <class Trial>
measure::TrialOutcome RepeatingMeasurer::repeat(Trial trial) {
  std::string interrupted_by;
  for (int attempt = 0;; ++attempt) {
    try {
      measure::TrialOutcome outcome = trial();
      if (attempt > 0) {
        // The counts are the repeat's own; the note says the trial was not the first
        // try, so a reader can tell a TRex restart happened here.
        outcome.notes.push_back(measure::TrialNote::of(
            measure::note_key::repeated, "measured again (attempt " + std::to_string(attempt + 1) +
                                             ") after " + interrupted_by));
      }
      return outcome;
    } catch (const TrialInterrupted& interrupted) {
      if (attempt >= max_repeats_) throw;
      ++repeats_;
      interrupted_by = interrupted.what();
    }
  }
}

}  // namespace trexsearch::trex
