#include "measure/trial_result.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::measure {
namespace {

void check_request(double intended_load_pps, Seconds intended_duration) {
  if (!std::isfinite(intended_load_pps) || intended_load_pps <= 0.0) {
    throw MeasurementError("trial load must be a positive finite number, got " +
                           format_value(intended_load_pps));
  }
  if (!std::isfinite(intended_duration.count()) || intended_duration.count() <= 0.0) {
    throw MeasurementError(
        "trial intended duration must be a positive finite number of seconds, got " +
        format_value(intended_duration.count()));
  }
}

void check_effective(Seconds effective_duration) {
  if (!std::isfinite(effective_duration.count()) || effective_duration.count() <= 0.0) {
    throw MeasurementError(
        "trial effective duration must be a positive finite number of seconds, got " +
        format_value(effective_duration.count()));
  }
}

// Directions are optional, but when a measurer gives them they must be the totals'
// parts: a report that shows both must not show two different trials.
void check_directions(const TrialOutcome& outcome) {
  if (outcome.directions.empty()) return;
  std::int64_t offered = 0;
  std::int64_t loss = 0;
  for (const DirectionCounts& direction : outcome.directions) {
    if (direction.offered < 0 || direction.received < 0 || direction.intended < 0) {
      throw MeasurementError("direction " + direction.name + " has a negative count (offered " +
                             std::to_string(direction.offered) + ", received " +
                             std::to_string(direction.received) + ", intended " +
                             std::to_string(direction.intended) + ")");
    }
    offered += direction.offered;
    loss += direction.loss();
  }
  if (offered != outcome.offered_count || loss != outcome.loss_count) {
    throw MeasurementError("per-direction counts (offered " + std::to_string(offered) + ", loss " +
                           std::to_string(loss) + ") do not add up to the trial's (offered " +
                           std::to_string(outcome.offered_count) + ", loss " +
                           std::to_string(outcome.loss_count) + ")");
  }
}

}  // namespace

const char* to_string(LossScope scope) {
  return scope == LossScope::worst_direction ? "worst_direction" : "aggregate";
}

TrialResult TrialResult::from_outcome(double intended_load_pps, Seconds intended_duration,
                                      const TrialOutcome& outcome) {
  check_request(intended_load_pps, intended_duration);
  if (outcome.offered_count < 0) {
    throw MeasurementError("offered count must not be negative, got " +
                           std::to_string(outcome.offered_count));
  }
  if (outcome.intended_count && *outcome.intended_count < 0) {
    throw MeasurementError("intended count must not be negative, got " +
                           std::to_string(*outcome.intended_count));
  }
  TrialResult result;
  result.intended_load_pps_ = intended_load_pps;
  result.intended_duration_ = intended_duration;
  result.effective_duration_ = outcome.effective_duration.value_or(intended_duration);
  check_effective(result.effective_duration_);
  TrialCounts counts;
  counts.offered = outcome.offered_count;
  counts.loss = outcome.loss_count;
  counts.intended = outcome.intended_count.value_or(outcome.offered_count);
  // The reference's formula (draft-15 recommendation): frames the tester failed to
  // send are lost, duplicates (negative loss) count as loss too. Computed in double:
  // the sum of two int64 magnitudes may not fit an int64.
  const double overall = static_cast<double>(std::max(counts.offered, counts.intended));
  const double bad =
      std::fabs(static_cast<double>(counts.loss)) + std::fabs(static_cast<double>(counts.unsent()));
  // Capped at 1: with absurd duplicate counts the reference would report more than
  // 100 % loss and a negative forwarding rate; classification is unaffected by the cap.
  result.loss_ratio_ = overall > 0.0 ? std::min(1.0, bad / overall) : 0.0;
  result.counts_ = counts;
  check_directions(outcome);
  if (outcome.tester_limited_pps) {
    if (!std::isfinite(*outcome.tester_limited_pps) || *outcome.tester_limited_pps < 0.0) {
      throw MeasurementError("tester-limited rate must be a finite number >= 0 pps, got " +
                             format_value(*outcome.tester_limited_pps));
    }
  }
  result.outcome_ = outcome;
  return result;
}

double TrialResult::loss_ratio(LossScope scope) const {
  if (scope == LossScope::aggregate || directions().empty() || tester_limited()) {
    return loss_ratio();
  }
  double worst = 0.0;
  for (const DirectionCounts& direction : directions()) {
    worst = std::max(worst, direction.loss_ratio());
  }
  return worst;
}

TrialResult TrialResult::from_loss_ratio(double intended_load_pps, Seconds intended_duration,
                                         Seconds effective_duration, double loss_ratio) {
  check_request(intended_load_pps, intended_duration);
  check_effective(effective_duration);
  if (!(loss_ratio >= 0.0 && loss_ratio <= 1.0)) {
    throw MeasurementError("trial loss ratio must be between 0 and 1, got " +
                           format_value(loss_ratio));
  }
  TrialResult result;
  result.intended_load_pps_ = intended_load_pps;
  result.intended_duration_ = intended_duration;
  result.effective_duration_ = effective_duration;
  result.loss_ratio_ = loss_ratio;
  result.outcome_.effective_duration = effective_duration;
  return result;
}

}  // namespace trexsearch::measure
