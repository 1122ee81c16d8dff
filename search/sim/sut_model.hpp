#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/trial_result.hpp"
#include "search/units.hpp"

namespace trexsearch::sim {

/// A simulated system under test: given a load and a duration it decides how many
/// frames are lost, drawing from its own seeded generator, so a model built with
/// the same options and seed gives the same trial sequence every time.
class SutModel {
 public:
  virtual ~SutModel() = default;

  /// One trial: counts are exact integers (offered = round(load * duration)).
  virtual TrialOutcome trial(Seconds duration, double load_pps) = 0;

  /// The model's true expected loss ratio at this load and duration
  /// (the curve the searches try to find).
  virtual double expected_loss_ratio(double load_pps, Seconds duration) const = 0;

  /// The load above which frames are lost on average, when the model has one.
  virtual std::optional<double> true_capacity_pps() const = 0;

  /// One line: model name and its options, for reports.
  virtual std::string describe() const = 0;
};

/// Options of a model by name, e.g. {"capacity_pps": 1e6, "noise": 0.01}.
using SutOptions = std::map<std::string, double, std::less<>>;

/// Builds a model by name; unknown names, unknown options and out-of-range
/// values throw ConfigError naming them.
std::unique_ptr<SutModel> make_sut(std::string_view model, const SutOptions& options,
                                   std::uint64_t seed);

/// Names of the built-in models with a one-line description each.
std::vector<std::pair<std::string, std::string>> sut_model_catalogue();

}  // namespace trexsearch::sim
