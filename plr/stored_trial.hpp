#pragma once

#include <cstdint>

#include "measure/trial_result.hpp"

namespace trexsearch::plr {

/// The reference's loss count for the model (its "plr_loss_count"): unsent frames count as
/// lost and any fraction of at least 0.1 frame rounds up,
///   min(intended, floor(intended * loss_ratio + 0.9)),
/// with loss_ratio = (|loss| + |unsent|) / max(offered, intended) from TrialResult.
std::int64_t model_loss_count(const measure::TrialCounts& counts, double loss_ratio);

/// One trial as the likelihood sees it: everything precomputed that does not depend on the
/// fitting function's parameters. Plain data, so a snapshot of them is cheap to share.
struct StoredTrial {
  double load_pps = 0.0;
  /// log(count / load): turns a loss rate [pps] into an expected loss count. The count is the
  /// offered count (the reference's scaling), or the intended count when nothing was offered
  /// (the reference divides by zero there).
  double log_count_per_load = 0.0;
  /// count / load itself, so a likelihood that has the loss rate as a number gets the expected
  /// loss count by one multiplication instead of an exp.
  double count_per_load = 0.0;
  /// model_loss_count, as a double for the arithmetic.
  double loss_count = 0.0;
  /// log(loss_count!), for the Poisson likelihood.
  double log_loss_factorial = 0.0;

  /// From a validated trial result with counts; throws MeasurementError without counts.
  static StoredTrial from(const measure::TrialResult& result);
  /// From the raw numbers (resume, tests).
  static StoredTrial from_counts(double load_pps, std::int64_t basis_count,
                                 std::int64_t loss_count);
};

}  // namespace trexsearch::plr
