#include "search/trial_result.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "search/errors.hpp"

namespace trexsearch {
namespace {

void check_request(double intended_load_pps, Seconds intended_duration) {
  if (!std::isfinite(intended_load_pps) || intended_load_pps <= 0.0) {
    throw MeasurementError("trial load must be a positive finite number, got " +
                           format_value(intended_load_pps));
  }
  if (!std::isfinite(intended_duration.count()) || intended_duration.count() <= 0.0) {
    throw MeasurementError("trial intended duration must be a positive finite number of seconds, got " +
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

}  // namespace

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
  const double bad = std::fabs(static_cast<double>(counts.loss)) +
                     std::fabs(static_cast<double>(counts.unsent()));
  // Capped at 1: with absurd duplicate counts the reference would report more than
  // 100 % loss and a negative forwarding rate; classification is unaffected by the cap.
  result.loss_ratio_ = overall > 0.0 ? std::min(1.0, bad / overall) : 0.0;
  result.counts_ = counts;
  result.notes_ = outcome.notes;
  return result;
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
  return result;
}

}  // namespace trexsearch
