#pragma once

#include "plr/math/log_math.hpp"

namespace trexsearch::plr {

/// Weighted average and variance of scalar samples, with the weights and the variance kept as
/// logarithms (draft-02 section 5.2; the reference's ScalarStatTracker). Samples of weight
/// zero (log weight -inf) are ignored, which the reference never needs but extreme parameters
/// can produce here.
class ScalarTracker {
 public:
  /// Adds one sample (the reference's update order, so results agree to rounding).
  void add(double value, double log_weight);

  /// Combines two trackers as if all samples had been added to one (parallel-axis rule);
  /// adding b's samples one by one to a gives the same result to rounding.
  static ScalarTracker merged(const ScalarTracker& a, const ScalarTracker& b);

  bool empty() const { return log_sum_weight_ == kLogZero; }
  double log_sum_weight() const { return log_sum_weight_; }
  /// Weighted average; 0 when empty (as in the reference).
  double average() const { return average_; }
  /// Log of the weighted population variance; -inf when empty or single-valued.
  double log_variance() const { return log_variance_; }
  double variance() const;

  bool operator==(const ScalarTracker&) const = default;

 private:
  double log_sum_weight_ = kLogZero;
  double average_ = 0.0;
  double log_variance_ = kLogZero;
};

/// A primary tracker plus a secondary one that excludes the heaviest sample (latest if tied),
/// so that one dominating sample shows as a large pessimistic variance (reference
/// ScalarDualStatTracker).
class DualTracker {
 public:
  void add(double value, double log_weight);

  /// Combines two trackers; b's samples count as later than a's for ties.
  static DualTracker merged(const DualTracker& a, const DualTracker& b);

  bool empty() const { return primary_.empty(); }
  const ScalarTracker& primary() const { return primary_; }
  const ScalarTracker& secondary() const { return secondary_; }
  double max_log_weight() const { return max_log_weight_; }
  /// (var_primary + var_secondary)/2 + ((avg_primary - avg_secondary)/2)^2.
  double pessimistic_variance() const;

  bool operator==(const DualTracker&) const = default;

 private:
  ScalarTracker primary_;
  ScalarTracker secondary_;
  double max_log_weight_ = kLogZero;
};

}  // namespace trexsearch::plr
