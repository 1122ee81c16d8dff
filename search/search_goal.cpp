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

}  // namespace

void SearchGoal::validate(const std::string& field_prefix) const {
  const auto field = [&](const char* key) { return field_prefix + "." + key; };
  // Validation as the reference's SearchGoal, plus finiteness and a few caps that
  // keep integer widths from overflowing.
  require(std::isfinite(loss_ratio) && loss_ratio >= 0.0 && loss_ratio < 1.0, field("loss_ratio"),
          loss_ratio, "must be at least 0 and less than 1");
  require(std::isfinite(exceed_ratio) && exceed_ratio >= 0.0 && exceed_ratio < 1.0,
          field("exceed_ratio"), exceed_ratio, "must be at least 0 and less than 1");
  require(std::isfinite(relative_width) && relative_width > 0.0 && relative_width < 1.0,
          field("relative_width"), relative_width, "must be greater than 0 and less than 1");
  const double initial = initial_trial_duration.count();
  const double final_duration = final_trial_duration.count();
  const double sum = duration_sum.count();
  require(std::isfinite(initial) && initial > 0.0, field("initial_trial_duration"), initial,
          "must be a positive number of seconds");
  require(std::isfinite(final_duration) && final_duration >= initial, field("final_trial_duration"),
          final_duration,
          ("must be at least initial_trial_duration (" + measure::format_value(initial) + " s)")
              .c_str());
  require(
      std::isfinite(sum) && sum >= final_duration, field("duration_sum"), sum,
      ("must be at least final_trial_duration (" + measure::format_value(final_duration) + " s)")
          .c_str());
  if (preceding_targets < 0 || preceding_targets > kMaxPrecedingTargets) {
    throw measure::ConfigError(field("preceding_targets"), std::to_string(preceding_targets),
                               "must be between 0 and " + std::to_string(kMaxPrecedingTargets));
  }
  if (preceding_targets == 0 && initial < sum) {
    throw measure::ConfigError(
        field("preceding_targets"), "0",
        "must be at least 1 unless initial_trial_duration (" + measure::format_value(initial) +
            " s) is at least duration_sum (" + measure::format_value(sum) + " s)");
  }
  if (expansion_coefficient <= 1 || expansion_coefficient > kMaxExpansionCoefficient) {
    throw measure::ConfigError(
        field("expansion_coefficient"), std::to_string(expansion_coefficient),
        "must be an integer from 2 to " + std::to_string(kMaxExpansionCoefficient));
  }
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
