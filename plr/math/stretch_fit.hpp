#pragma once

#include <cmath>
#include <limits>

#include "plr/math/log_math.hpp"

namespace trexsearch::plr {

/// The stretch fitting function with its parameters fixed (draft-02 section 5.3.1, in the
/// form the reference implementation evaluates, which lacks the draft's (1 + e^(-m/a)) factor):
///   r(L) = a * (softplus((L - m)/a) - softplus(-m/a)),
/// the loss rate [pps] at offered load L for mrr m and spread a. Per-sample constants are
/// computed once here; log_loss_rate is then called once per stored trial.
class StretchFit {
 public:
  /// Both parameters positive and finite (the prior guarantees it).
  StretchFit(double mrr_pps, double spread_pps)
      : mrr_(mrr_pps),
        spread_(spread_pps),
        inv_spread_(1.0 / spread_pps),
        log_spread_(std::log(spread_pps)),
        softplus_chi0_(softplus(-mrr_pps / spread_pps)) {}

  /// log r(L) for L > 0: finite, or -inf where r underflows below every double.
  double log_loss_rate(double load_pps) const {
    return log_spread_ + log_softplus(log_d(load_pps));
  }

  /// r(L) both as its log and as a number, for the likelihood.
  struct Rate {
    /// log r(L), as log_loss_rate.
    double log_pps;
    /// r(L) [pps] where log r > log a - 40; 0 below (use log_pps there).
    double pps;
  };

  /// Below this D = e^(log D), r/a = log1p(D) and log(r/a) come from short series (no log).
  static constexpr double kSeriesMaxD = 1e-3;

  /// log r(L) and r(L): r comes from r/a = softplus(log D) = log1p(D) directly, so a caller
  /// that needs e^(log r) (the likelihood's expected loss count) saves an exp per stored trial.
  /// For D < 1e-3 (the low-loss side of the curve, where a converged soak's trials are) both
  /// come from series in D, so the only transcendental call is D = e^(log D):
  ///   log1p(D) = D (1 - D/2 + D^2/3 - ... - D^5/6), truncation below D^6/7 < 2e-19 relative;
  ///   log(log1p(D)) = log D + log1p(y), y = log1p(D)/D - 1 (|y| < 5e-4), with
  ///   log1p(y) = y - y^2/2 + y^3/3 - y^4/4, truncation below |y|^5/5 < 7e-18 absolute
  /// (next to |log D| > 6.9). Same values as log_loss_rate to a few ulps.
  Rate loss_rate(double load_pps) const {
    const double x = log_d(load_pps);
    const double d = std::exp(x);
    if (d < kSeriesMaxD) {
      const double y = -d * (0.5 - d * (1.0 / 3.0 - d * (0.25 - d * (0.2 - d * (1.0 / 6.0)))));
      const double r_over_a = d + d * y;
      const double log1p_y = y * (1.0 - y * (0.5 - y * (1.0 / 3.0 - y * 0.25)));
      // A subnormal D has lost digits: give no number then (the caller uses the log).
      const double pps = d >= std::numeric_limits<double>::min() ? spread_ * r_over_a : 0.0;
      return {log_spread_ + (x + log1p_y), pps};
    }
    const double r_over_a = softplus(x);
    return {log_spread_ + std::log(r_over_a), spread_ * r_over_a};
  }

  /// Where r(L)/L is roughly `exp(log_target)` for a << m (low-loss tail r ~ a e^chi, L ~ m):
  /// a starting point for critical_load_pps.
  double critical_load_guess(double log_target) const {
    return mrr_ + spread_ * (log_target + std::log(mrr_) - log_spread_ + softplus_chi0_);
  }

  double spread_pps() const { return spread_; }

 private:
  /// With chi = (L-m)/a, chi0 = -m/a and u = L/a = chi - chi0 (taken from L directly, so no
  /// cancellation), r/a = log1p(D) with D = (e^chi - e^chi0)/(1 + e^chi0)
  ///                                         = e^chi (1 - e^-u) / (1 + e^chi0),
  /// so log D is a sum of three stable terms and log r = log a + log(softplus(log D)).
  /// This one expression covers the reference's four branches ("big loss direct", "small
  /// loss crude/approx/direct") without their series approximations.
  double log_d(double load_pps) const {
    const double chi = (load_pps - mrr_) * inv_spread_;
    const double u = load_pps * inv_spread_;
    return chi + log_one_minus_exp_neg(u) - softplus_chi0_;
  }

  double mrr_;
  double spread_;
  double inv_spread_;
  double log_spread_;
  double softplus_chi0_;
};

}  // namespace trexsearch::plr
