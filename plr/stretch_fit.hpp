#pragma once

#include <cmath>

#include "plr/log_math.hpp"

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
    // With chi = (L-m)/a, chi0 = -m/a and u = L/a = chi - chi0 (taken from L directly, so no
    // cancellation), r/a = log1p(D) with D = (e^chi - e^chi0)/(1 + e^chi0)
    //                                         = e^chi (1 - e^-u) / (1 + e^chi0),
    // so log D is a sum of three stable terms and log r = log a + log(softplus(log D)).
    // This one expression covers the reference's four branches ("big loss direct", "small
    // loss crude/approx/direct") without their series approximations.
    const double chi = (load_pps - mrr_) * inv_spread_;
    const double u = load_pps * inv_spread_;
    const double log_d = chi + log_one_minus_exp_neg(u) - softplus_chi0_;
    return log_spread_ + log_softplus(log_d);
  }

  /// Where r(L)/L is roughly `exp(log_target)` for a << m (low-loss tail r ~ a e^chi, L ~ m):
  /// a starting point for critical_load_pps.
  double critical_load_guess(double log_target) const {
    return mrr_ + spread_ * (log_target + std::log(mrr_) - log_spread_ + softplus_chi0_);
  }

  double spread_pps() const { return spread_; }

 private:
  double mrr_;
  double spread_;
  double inv_spread_;
  double log_spread_;
  double softplus_chi0_;
};

}  // namespace trexsearch::plr
