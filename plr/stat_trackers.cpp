#include "plr/stat_trackers.hpp"

#include <cmath>

namespace trexsearch::plr {

void ScalarTracker::add(double value, double log_weight) {
  if (!(log_weight > kLogZero)) return;
  if (empty()) {
    log_sum_weight_ = log_weight;
    average_ = value;
    return;
  }
  const double new_log_sum_weight = log_plus(log_sum_weight_, log_weight);
  const double log_sample_ratio = log_weight - new_log_sum_weight;
  const double shift = value - average_;
  average_ += shift * std::exp(log_sample_ratio);
  // var' = (1 - r)(var + r shift^2), r = the new sample's share of the weight.
  const double abs_shift = std::fabs(shift);
  if (abs_shift > 0.0) {
    log_variance_ = log_plus(log_variance_, 2.0 * std::log(abs_shift) + log_sample_ratio);
  }
  if (log_variance_ != kLogZero) log_variance_ += log_sum_weight_ - new_log_sum_weight;
  log_sum_weight_ = new_log_sum_weight;
}

ScalarTracker ScalarTracker::merged(const ScalarTracker& a, const ScalarTracker& b) {
  if (b.empty()) return a;
  if (a.empty()) return b;
  ScalarTracker result;
  result.log_sum_weight_ = log_plus(a.log_sum_weight_, b.log_sum_weight_);
  const double log_ratio_a = a.log_sum_weight_ - result.log_sum_weight_;
  const double log_ratio_b = b.log_sum_weight_ - result.log_sum_weight_;
  const double shift = b.average_ - a.average_;
  result.average_ = a.average_ + shift * std::exp(log_ratio_b);
  // var = ra var_a + rb var_b + ra rb shift^2, all in logs.
  double log_variance = log_plus(a.log_variance_ + log_ratio_a, b.log_variance_ + log_ratio_b);
  const double abs_shift = std::fabs(shift);
  if (abs_shift > 0.0) {
    log_variance = log_plus(log_variance, log_ratio_a + log_ratio_b + 2.0 * std::log(abs_shift));
  }
  result.log_variance_ = log_variance;
  return result;
}

double ScalarTracker::variance() const { return std::exp(log_variance_); }

void DualTracker::add(double value, double log_weight) {
  if (!(log_weight > kLogZero)) return;
  if (log_weight >= max_log_weight_) {
    max_log_weight_ = log_weight;
    secondary_ = primary_;
  } else {
    secondary_.add(value, log_weight);
  }
  primary_.add(value, log_weight);
}

DualTracker DualTracker::merged(const DualTracker& a, const DualTracker& b) {
  if (b.empty()) return a;
  if (a.empty()) return b;
  DualTracker result;
  result.primary_ = ScalarTracker::merged(a.primary_, b.primary_);
  if (b.max_log_weight_ >= a.max_log_weight_) {
    result.max_log_weight_ = b.max_log_weight_;
    result.secondary_ = ScalarTracker::merged(a.primary_, b.secondary_);
  } else {
    result.max_log_weight_ = a.max_log_weight_;
    result.secondary_ = ScalarTracker::merged(a.secondary_, b.primary_);
  }
  return result;
}

double DualTracker::pessimistic_variance() const {
  const double half_shift = (primary_.average() - secondary_.average()) / 2.0;
  return (primary_.variance() + secondary_.variance()) / 2.0 + half_shift * half_shift;
}

}  // namespace trexsearch::plr
