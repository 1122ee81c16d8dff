#include "search/sim/sut_measurer.hpp"

#include <cmath>
#include <utility>

#include "search/errors.hpp"

namespace trexsearch::sim {

SutMeasurer::SutMeasurer(std::unique_ptr<SutModel> model, Seconds overhead)
    : model_(std::move(model)), overhead_(overhead) {
  if (!model_) throw ConfigError("sut", "null", "a SUT measurer needs a model");
  if (!std::isfinite(overhead_.count()) || overhead_.count() < 0.0) {
    throw ConfigError("trial_overhead", format_value(overhead_.count()),
                      "must be finite and >= 0 [s]");
  }
}

TrialOutcome SutMeasurer::measure(Seconds intended_duration, double intended_load_pps,
                                  std::stop_token stop) {
  if (stop.stop_requested()) throw MeasurementCancelled();
  TrialOutcome outcome = model_->trial(intended_duration, intended_load_pps);
  outcome.effective_duration = intended_duration + overhead_;
  return outcome;
}

}  // namespace trexsearch::sim
