#pragma once

#include <stdexcept>
#include <string>

namespace trexsearch::measure {

/// A configuration value (goal, controller input, spec) is invalid.
/// The message names the field and the offending value.
class ConfigError : public std::invalid_argument {
 public:
  ConfigError(const std::string& field, const std::string& value, const std::string& reason)
      : std::invalid_argument(field + " = " + value + ": " + reason), field_(field) {}

  /// The name of the offending field, e.g. "goals[1].exceed_ratio".
  const std::string& field() const noexcept { return field_; }

 private:
  std::string field_;
};

/// A measurer returned a result that cannot be a trial result
/// (negative counts, non-finite durations, ...).
class MeasurementError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Thrown by a measurer when it stopped because its stop token was triggered.
class MeasurementCancelled : public std::runtime_error {
 public:
  MeasurementCancelled() : std::runtime_error("trial cancelled") {}
};

/// Formats a double so that error messages show the value exactly as given.
std::string format_value(double value);

}  // namespace trexsearch::measure
