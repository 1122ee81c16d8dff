#include "search/controller_config.hpp"

#include <cmath>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::mlr {

void ControllerConfig::validate() const {
  if (goals.empty()) throw measure::ConfigError("goals", "[]", "at least one goal is needed");
  for (std::size_t i = 0; i < goals.size(); ++i) {
    const std::string prefix = "goals[" + std::to_string(i) + "]";
    goals[i].validate(prefix);
    // The reference rejects duplicate goals too: two identical goals would only
    // duplicate the output, and a typo that makes NDR equal PDR is worth an error.
    for (std::size_t j = 0; j < i; ++j) {
      if (goals[i].same_attributes(goals[j])) {
        throw measure::ConfigError(prefix, goals[i].label(i),
                                   "has the same attributes as goals[" + std::to_string(j) + "]");
      }
    }
  }
  if (!std::isfinite(min_load_pps) || min_load_pps <= 0.0) {
    throw measure::ConfigError("min_load", measure::format_value(min_load_pps),
                               "must be a positive number of frames/s");
  }
  if (!std::isfinite(max_load_pps) || max_load_pps <= min_load_pps) {
    throw measure::ConfigError(
        "max_load", measure::format_value(max_load_pps),
        "must be greater than min_load (" + measure::format_value(min_load_pps) + ")");
  }
  if (!std::isfinite(search_duration_max.count()) || search_duration_max.count() <= 0.0) {
    throw measure::ConfigError("search_duration_max",
                               measure::format_value(search_duration_max.count()),
                               "must be a positive number of seconds");
  }
  if (!std::isfinite(warmup_duration.count()) || warmup_duration.count() < 0.0) {
    throw measure::ConfigError("warmup_duration", measure::format_value(warmup_duration.count()),
                               "must be zero (no warmup) or a positive number of seconds");
  }
}

}  // namespace trexsearch::mlr
