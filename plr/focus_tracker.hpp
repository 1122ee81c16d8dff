#pragma once

#include <array>

#include "plr/math/log_math.hpp"
#include "plr/random.hpp"

namespace trexsearch::plr {

/// A point of the integrator's parameter space, the open square (-1, 1)^2: (x_mrr, x_spread).
using UnitPoint = std::array<double, 2>;

/// Where the integrator looks for the posterior: mean and covariance of the biased Gaussian
/// (draft-02 section 5.5). The value handed from one computation to the next and stored with
/// each trial, so a resumed search continues exactly.
struct FocusState {
  UnitPoint mean{0.0, 0.0};
  /// Covariance elements (xx, xy, yy); the unit matrix at the first computation.
  std::array<double, 3> covariance{1.0, 0.0, 1.0};

  bool operator==(const FocusState&) const = default;
};

/// The focus tracker (reference VectorStatTracker): likelihood-weighted moments of the sampled
/// points, with the reference's anti-dominance rule. Starts from an inherited state with no
/// weight, so the first sample replaces the mean and keeps the covariance (draft-02 5.5).
class FocusTracker {
 public:
  explicit FocusTracker(const FocusState& start = {}) : state_(start) {}

  /// Adds a sample; if its weight exceeds all previous weight by more than a factor of e, both
  /// are set to their geometric mean first, so it moves the focus only halfway.
  void add_without_dominance(const UnitPoint& point, double log_weight);

  /// Combines two trackers by weight (parallel-axis rule); an empty one is ignored.
  static FocusTracker merged(const FocusTracker& a, const FocusTracker& b);

  const FocusState& state() const { return state_; }
  double log_sum_weight() const { return log_sum_weight_; }

 private:
  void add(const UnitPoint& point, double log_weight);

  FocusState state_;
  double log_sum_weight_ = kLogZero;
};

/// The biased Gaussian of one step: N(mean, scale * covariance) restricted to the open square.
class Proposal {
 public:
  /// Covariances that rounding made singular or indefinite are floored (variance 1e-40, far
  /// below any posterior width), where the reference would raise LinAlgError.
  Proposal(const FocusState& focus, double scale);

  /// Draws until the point lies inside the square (the reference's rejection). Sets
  /// `half_square_norm` to |z|^2/2 for the standard normal z behind the point: the log of the
  /// inverse unnormalised proposal density, i.e. the reference's d/(2 scale) log rarity.
  /// After 10000 straight rejections (a focus stuck on the edge) it falls back to a uniform
  /// point with rarity 0 rather than loop for ever.
  UnitPoint draw(Random& random, double& half_square_norm) const;

 private:
  UnitPoint mean_;
  double l00_;
  double l10_;
  double l11_;
};

}  // namespace trexsearch::plr
