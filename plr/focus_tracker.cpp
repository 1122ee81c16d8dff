#include "plr/focus_tracker.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::plr {

void FocusTracker::add_without_dominance(const UnitPoint& point, double log_weight) {
  if (!(log_weight > kLogZero)) return;
  if (log_sum_weight_ != kLogZero && log_sum_weight_ < log_weight - 1.0) {
    log_sum_weight_ = (log_sum_weight_ + log_weight) / 2.0;
    log_weight = log_sum_weight_;
  }
  add(point, log_weight);
}

void FocusTracker::add(const UnitPoint& point, double log_weight) {
  if (log_sum_weight_ == kLogZero) {
    log_sum_weight_ = log_weight;
    state_.mean = point;
    return;
  }
  const double new_log_sum_weight = log_plus(log_sum_weight_, log_weight);
  const double data_ratio = std::exp(log_sum_weight_ - new_log_sum_weight);
  const double sample_ratio = std::exp(log_weight - new_log_sum_weight);
  const double s0 = point[0] - state_.mean[0];
  const double s1 = point[1] - state_.mean[1];
  state_.mean[0] += s0 * sample_ratio;
  state_.mean[1] += s1 * sample_ratio;
  auto& c = state_.covariance;
  c[0] = (c[0] + s0 * s0 * sample_ratio) * data_ratio;
  c[1] = (c[1] + s0 * s1 * sample_ratio) * data_ratio;
  c[2] = (c[2] + s1 * s1 * sample_ratio) * data_ratio;
  log_sum_weight_ = new_log_sum_weight;
}

FocusTracker FocusTracker::merged(const FocusTracker& a, const FocusTracker& b) {
  if (b.log_sum_weight_ == kLogZero) return a;
  if (a.log_sum_weight_ == kLogZero) return b;
  FocusTracker result;
  result.log_sum_weight_ = log_plus(a.log_sum_weight_, b.log_sum_weight_);
  const double ra = std::exp(a.log_sum_weight_ - result.log_sum_weight_);
  const double rb = std::exp(b.log_sum_weight_ - result.log_sum_weight_);
  const double d0 = b.state_.mean[0] - a.state_.mean[0];
  const double d1 = b.state_.mean[1] - a.state_.mean[1];
  result.state_.mean = {a.state_.mean[0] + rb * d0, a.state_.mean[1] + rb * d1};
  const auto& ca = a.state_.covariance;
  const auto& cb = b.state_.covariance;
  const double cross = ra * rb;
  result.state_.covariance = {ra * ca[0] + rb * cb[0] + cross * d0 * d0,
                              ra * ca[1] + rb * cb[1] + cross * d0 * d1,
                              ra * ca[2] + rb * cb[2] + cross * d1 * d1};
  return result;
}

namespace {
constexpr double kVarianceFloor = 1e-40;
constexpr int kMaxRejections = 10000;
}  // namespace

Proposal::Proposal(const FocusState& focus, double scale) : mean_(focus.mean) {
  // Cholesky factor of scale * covariance.
  const double c00 = scale * focus.covariance[0];
  const double c01 = scale * focus.covariance[1];
  const double c11 = scale * focus.covariance[2];
  l00_ = std::sqrt(std::max(c00, kVarianceFloor));
  l10_ = std::isfinite(c01) ? c01 / l00_ : 0.0;
  const double rest = c11 - l10_ * l10_;
  l11_ = std::sqrt(std::max(rest, kVarianceFloor));
  if (!std::isfinite(l00_) || !std::isfinite(l10_) || !std::isfinite(l11_)) {
    l00_ = l11_ = std::sqrt(scale);
    l10_ = 0.0;
  }
}

UnitPoint Proposal::draw(Random& random, double& half_square_norm) const {
  for (int attempt = 0; attempt < kMaxRejections; ++attempt) {
    const auto [z0, z1] = random.normal_pair();
    const UnitPoint point{mean_[0] + l00_ * z0, mean_[1] + l10_ * z0 + l11_ * z1};
    if (point[0] > -1.0 && point[0] < 1.0 && point[1] > -1.0 && point[1] < 1.0) {
      half_square_norm = 0.5 * (z0 * z0 + z1 * z1);
      return point;
    }
  }
  half_square_norm = 0.0;
  return {random.uniform_symmetric(), random.uniform_symmetric()};
}

}  // namespace trexsearch::plr
