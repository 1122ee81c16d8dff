#include "measure/replay_measurer.hpp"

#include <string>
#include <utility>

#include "measure/errors.hpp"

namespace trexsearch::measure {

ReplayMeasurer::ReplayMeasurer(std::vector<RecordedTrial> recorded, Measurer& live)
    : recorded_(std::move(recorded)), live_(live) {}

TrialOutcome ReplayMeasurer::measure(Seconds intended_duration, double intended_load_pps,
                                     std::stop_token stop) {
  if (next_ < recorded_.size()) {
    const RecordedTrial& trial = recorded_[next_];
    if (trial.intended_load_pps != intended_load_pps ||
        trial.intended_duration != intended_duration) {
      throw MeasurementError(
          "cannot resume: the search asked for " + format_value(intended_load_pps) + " pps for " +
          format_value(intended_duration.count()) + " s as trial " + std::to_string(next_ + 1) +
          ", but the stored trial " + std::to_string(next_ + 1) + " was " +
          format_value(trial.intended_load_pps) + " pps for " +
          format_value(trial.intended_duration.count()) +
          " s (was the search configuration changed?)");
    }
    ++next_;
    return trial.outcome;
  }
  return live_.measure(intended_duration, intended_load_pps, std::move(stop));
}

}  // namespace trexsearch::measure
