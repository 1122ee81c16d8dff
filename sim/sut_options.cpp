#include "sim/sut_options.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include "measure/errors.hpp"

namespace trexsearch::sim {
namespace {

bool in_range(const SutOptionSpec& spec, double value) {
  const bool above_min = spec.min_inclusive ? value >= spec.min : value > spec.min;
  const bool below_max = spec.max_inclusive ? value <= spec.max : value < spec.max;
  return above_min && below_max;
}

std::string known_names(std::span<const SutOptionSpec> specs) {
  std::string names;
  for (const SutOptionSpec& spec : specs) {
    if (!names.empty()) names += ", ";
    names += spec.name;
  }
  return names;
}

}  // namespace

std::string SutOptionSpec::range_text() const {
  std::string low = (min_inclusive ? ">= " : "> ") + measure::format_value(min);
  if (std::isinf(max)) return low;
  return std::string("in ") + (min_inclusive ? "[" : "(") + measure::format_value(min) + ", " +
         measure::format_value(max) + (max_inclusive ? "]" : ")");
}

ValidatedOptions::ValidatedOptions(std::string_view model, const SutOptions& given,
                                   std::span<const SutOptionSpec> specs) {
  const std::string prefix = std::string(model) + ".";
  for (const auto& [name, value] : given) {
    bool known = false;
    for (const SutOptionSpec& spec : specs) known = known || spec.name == name;
    if (!known) {
      // Typos must not silently fall back to a default: name the option and the choices.
      throw measure::ConfigError(prefix + name, measure::format_value(value),
                                 "unknown option of SUT model " + std::string(model) +
                                     "; known options: " + known_names(specs));
    }
  }
  for (const SutOptionSpec& spec : specs) {
    const auto found = given.find(spec.name);
    const double value = found == given.end() ? spec.default_value : found->second;
    const std::string unit = spec.unit == "1" ? "" : " [" + spec.unit + "]";
    if (!std::isfinite(value)) {
      throw measure::ConfigError(prefix + spec.name, measure::format_value(value),
                                 "must be a finite number");
    }
    if (!in_range(spec, value)) {
      throw measure::ConfigError(prefix + spec.name, measure::format_value(value),
                                 "must be " + spec.range_text() + unit);
    }
    if (spec.integer && value != std::floor(value)) {
      throw measure::ConfigError(prefix + spec.name, measure::format_value(value),
                                 "must be a whole number");
    }
    values_.emplace_back(spec.name, value);
  }
}

double ValidatedOptions::get(std::string_view name) const {
  for (const auto& [option, value] : values_) {
    if (option == name) return value;
  }
  // Only the model's own code asks, with names it declared: a miss is a programming error.
  throw std::logic_error("SUT option not declared: " + std::string(name));
}

std::string ValidatedOptions::summary() const {
  std::string text;
  for (const auto& [option, value] : values_) {
    if (!text.empty()) text += " ";
    text += option + "=" + measure::format_value(value);
  }
  return text;
}

SutOptionSpec capacity_option(std::string description) {
  return {.name = "capacity_pps",
          .default_value = 1e7,
          .unit = "frames/s",
          .description = std::move(description),
          .min = 0.0,
          .min_inclusive = false,
          .max = std::numeric_limits<double>::infinity()};
}

}  // namespace trexsearch::sim
