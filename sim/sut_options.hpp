#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/sut_model.hpp"

namespace trexsearch::sim {

/// One option a SUT model accepts: its default, unit, allowed range and meaning.
struct SutOptionSpec {
  std::string name;
  double default_value = 0.0;
  /// Unit for documentation and error messages ("frames/s", "s", "1" for ratios).
  std::string unit;
  std::string description;
  double min = 0.0;
  bool min_inclusive = true;
  /// Infinity for "no upper limit".
  double max = 0.0;
  bool max_inclusive = true;
  /// Whole numbers only (frame counts).
  bool integer = false;

  /// The allowed range as text, e.g. "> 0" or "in [0, 1)".
  std::string range_text() const;
};

/// The capacity option every model has: C in frames/s, default 10 Mpps, > 0.
SutOptionSpec capacity_option(std::string description);

/// A model's options after validation: every given option is known and in range,
/// absent ones take their defaults.
class ValidatedOptions {
 public:
  /// Throws ConfigError naming "<model>.<option>" for unknown options (listing the
  /// known ones), non-finite values and values out of range.
  ValidatedOptions(std::string_view model, const SutOptions& given,
                   std::span<const SutOptionSpec> specs);

  /// The value of a declared option (given or default).
  double get(std::string_view name) const;

  /// "name=value" for every option, in declaration order, for describe().
  std::string summary() const;

 private:
  std::vector<std::pair<std::string, double>> values_;
};

/// The options a built-in model accepts, in declaration order; throws ConfigError
/// ("sut") for an unknown model name.
std::span<const SutOptionSpec> sut_model_options(std::string_view model);

}  // namespace trexsearch::sim
