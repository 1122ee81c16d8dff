#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"
#include "sim/latency_model.hpp"

namespace trexsearch::sim {

/// A simulated system under test: given a load and a duration it decides how many
/// frames are lost, drawing from its own seeded generator, so a model built with
/// the same options and seed gives the same trial sequence every time.
class SutModel {
 public:
  virtual ~SutModel() = default;

  /// One trial: counts are exact integers (offered = round(load * duration)).
  virtual measure::TrialOutcome trial(measure::Seconds duration, double load_pps) = 0;

  /// The model's true expected loss ratio at this load and duration
  /// (the curve the searches try to find).
  virtual double expected_loss_ratio(double load_pps, measure::Seconds duration) const = 0;

  /// The load above which frames are lost on average, when the model has one.
  virtual std::optional<double> true_capacity_pps() const = 0;

  /// One line: model name and its options, for reports.
  virtual std::string describe() const = 0;

  /// The rate the SUT forwards at when saturated [pps]: the latency model's queue
  /// fills as the load approaches it. The true capacity where there is one.
  virtual double service_capacity_pps() const {
    return true_capacity_pps().value_or(std::numeric_limits<double>::infinity());
  }

  /// The model's `latency_*` options (make_sut() sets them; defaults otherwise).
  const LatencyOptions& latency_options() const { return latency_options_; }
  void set_latency_options(const LatencyOptions& options) { latency_options_ = options; }

 private:
  LatencyOptions latency_options_;
};

/// Options of a model by name, e.g. {"capacity_pps": 1e6, "noise": 0.01}.
using SutOptions = std::map<std::string, double, std::less<>>;

/// Builds a model by name; unknown names, unknown options and out-of-range
/// values throw ConfigError naming them. Every model also takes the `latency_*`
/// options (sim/latency_options.hpp), kept in its latency_options().
std::unique_ptr<SutModel> make_sut(std::string_view model, const SutOptions& options,
                                   std::uint64_t seed);

/// Names of the built-in models with a one-line description each.
std::vector<std::pair<std::string, std::string>> sut_model_catalogue();

}  // namespace trexsearch::sim
