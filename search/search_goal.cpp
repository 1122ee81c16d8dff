#include "search/search_goal.hpp"

#include <cmath>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::mlr {
namespace {

// Enough preceding targets to cover any sensible duration ratio; more would only
// overflow the doubled widths.
constexpr int kMaxPrecedingTargets = 30;
constexpr int kMaxExpansionCoefficient = 1000;

void require(bool ok, const std::string& field, double value, const char* reason) {
  if (!ok) throw measure::ConfigError(field, measure::format_value(value), reason);
}

/// A ratio in [0, 1), or (0, 1) when `zero_allowed` is false.
void require_ratio(double value, const std::string& field, bool zero_allowed) {
  const bool above_min = zero_allowed ? value >= 0.0 : value > 0.0;
  require(std::isfinite(value) && above_min && value < 1.0, field, value,
          zero_allowed ? "must be at least 0 and less than 1"
                       : "must be greater than 0 and less than 1");
}

void validate_durations(const SearchGoal& goal, const std::string& field_prefix) {
  const double initial = goal.initial_trial_duration.count();
  const double final_duration = goal.final_trial_duration.count();
  const double sum = goal.duration_sum.count();
  require(std::isfinite(initial) && initial > 0.0, field_prefix + ".initial_trial_duration",
          initial, "must be a positive number of seconds");
  require(std::isfinite(final_duration) && final_duration >= initial,
          field_prefix + ".final_trial_duration", final_duration,
          ("must be at least initial_trial_duration (" + measure::format_value(initial) + " s)")
              .c_str());
  require(
      std::isfinite(sum) && sum >= final_duration, field_prefix + ".duration_sum", sum,
      ("must be at least final_trial_duration (" + measure::format_value(final_duration) + " s)")
          .c_str());
}

void validate_targets(const SearchGoal& goal, const std::string& field_prefix) {
  const double initial = goal.initial_trial_duration.count();
  const double sum = goal.duration_sum.count();
  if (goal.preceding_targets < 0 || goal.preceding_targets > kMaxPrecedingTargets) {
    throw measure::ConfigError(field_prefix + ".preceding_targets",
                               std::to_string(goal.preceding_targets),
                               "must be between 0 and " + std::to_string(kMaxPrecedingTargets));
  }
  if (goal.preceding_targets == 0 && initial < sum) {
    throw measure::ConfigError(
        field_prefix + ".preceding_targets", "0",
        "must be at least 1 unless initial_trial_duration (" + measure::format_value(initial) +
            " s) is at least duration_sum (" + measure::format_value(sum) + " s)");
  }
  if (goal.expansion_coefficient <= 1 || goal.expansion_coefficient > kMaxExpansionCoefficient) {
    throw measure::ConfigError(
        field_prefix + ".expansion_coefficient", std::to_string(goal.expansion_coefficient),
        "must be an integer from 2 to " + std::to_string(kMaxExpansionCoefficient));
  }
}

}  // namespace

void SearchGoal::validate(const std::string& field_prefix) const {
  // Validation as the reference's SearchGoal, plus finiteness and a few caps that
  // keep integer widths from overflowing.
  require_ratio(loss_ratio, field_prefix + ".loss_ratio", true);
  require_ratio(exceed_ratio, field_prefix + ".exceed_ratio", true);
  require_ratio(relative_width, field_prefix + ".relative_width", false);
  validate_durations(*this, field_prefix);
  validate_targets(*this, field_prefix);
}

std::string SearchGoal::label(std::size_t index) const {
  return name.empty() ? "goal " + std::to_string(index + 1) : name;
}

bool SearchGoal::same_attributes(const SearchGoal& other) const {
  return loss_ratio == other.loss_ratio && exceed_ratio == other.exceed_ratio &&
         relative_width == other.relative_width &&
         initial_trial_duration == other.initial_trial_duration &&
         final_trial_duration == other.final_trial_duration && duration_sum == other.duration_sum &&
         preceding_targets == other.preceding_targets &&
         expansion_coefficient == other.expansion_coefficient && fail_fast == other.fail_fast &&
         loss_scope == other.loss_scope;
}

}  // namespace trexsearch::mlr
