#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>

#include "plr/math/erf_log_a.hpp"
#include "plr/math/erfcx.hpp"
#include "plr/math/log_math.hpp"

namespace trexsearch::plr {

/// The erf fitting function with its parameters fixed (draft-02 section 5.3.2, in the form the
/// reference implementation evaluates: constant c = sqrt(2/pi) where the draft has 1/sqrt(pi),
/// and an extra -L*erfc(m/a) term, see docs/plrsearch.md). With chi = (m - L)/a, chi0 = m/a:
///   r(L) = a * (c (e^-chi^2 - e^-chi0^2) - chi (erfc(chi) - erfc(chi0))) / erfc(-chi0).
/// Per-sample constants are computed once here; log_loss_rate is called per stored trial.
class ErfFit {
 public:
  /// The reference's constant, sqrt(2/pi) (it meant the limit 1/sqrt(pi) of x*erfcx(x)).
  static constexpr double kC = std::numbers::sqrt2 * std::numbers::inv_sqrtpi;
  /// kC minus that limit: how far the low-loss tail is from the draft's.
  static constexpr double kDelta = kC - std::numbers::inv_sqrtpi;
  /// Below this u*max(1, chi0), where u = L/a, the Taylor series in u is used: its truncation
  /// error is about (2 u chi0)^4 / 120 < 2e-13 relative, while the direct formula's
  /// cancellation error (about 1e-16 / (u chi0)) would exceed 1e-13.
  static constexpr double kSeriesLimit = 1e-3;

  /// Both parameters positive and finite (the prior guarantees it).
  ErfFit(double mrr_pps, double spread_pps)
      : mrr_(mrr_pps),
        spread_(spread_pps),
        inv_spread_(1.0 / spread_pps),
        chi0_(mrr_pps / spread_pps),
        chi0_scale_(std::max(1.0, chi0_)),
        erfcx_chi0_(erfcx(chi0_)),
        neg_chi0_sq_(-chi0_ * chi0_),
        exp_neg_chi0_sq_(std::exp(neg_chi0_sq_)),
        log_norm_(std::log(spread_pps) - std::log(std::erfc(-chi0_))) {
    // Derivatives of r/a * erfc(-chi0) * e^(chi0^2) with respect to u at u = 0, over k!.
    const double x = chi0_;
    const double x2 = x * x;
    constexpr double two_over_sqrtpi = 2.0 * std::numbers::inv_sqrtpi;
    series_[0] = 2.0 * kDelta * x;
    series_[1] = (two_over_sqrtpi - 2.0 * kDelta * (1.0 - 2.0 * x2)) / 2.0;
    series_[2] = (2.0 * two_over_sqrtpi * x - 12.0 * kDelta * x + 8.0 * kDelta * x * x2) / 6.0;
    series_[3] = (-2.0 * two_over_sqrtpi + 12.0 * kDelta +
                  x2 * (4.0 * two_over_sqrtpi - 48.0 * kDelta) + 16.0 * kDelta * x2 * x2) /
                 24.0;
  }

  /// log r(L) for L > 0: finite, or -inf where r underflows below every double.
  double log_loss_rate(double load_pps) const {
    const double u = load_pps * inv_spread_;
    if (u * chi0_scale_ < kSeriesLimit) return log_small_load(u);
    const double chi = (mrr_ - load_pps) * inv_spread_;
    if (chi < -1.0) return log_high_loss(chi);
    const double square_gap = u * (chi0_ + chi);
    // The branch below with e^Q negligible, where a converged soak's trials are: log a from
    // one table polynomial.
    if (chi >= 0.0 && chi < kErfLogAEnd && square_gap > kLogNegligible + 5.0) {
      return log_norm_ + (-chi * chi + erf_log_a(chi));
    }
    // The reference's "chi >= -1" branch: r' = e^P - e^Q with
    //   P = -chi^2 + log(c - chi erfcx(chi)), Q = -chi0^2 + log(c - chi erfcx(chi0)),
    // both logs of positive numbers (x erfcx(x) < 1/sqrt(pi) < c). P - Q is formed from
    // chi0^2 - chi^2 = u (chi0 + chi), exactly as small as it should be, not as a difference
    // of two large squares.
    const double a = kC - chi * erfcx(chi);
    const double p = -chi * chi + std::log(a);
    // |log(a/b)| < 2 whenever chi >= -1, so beyond 45 the e^Q term is below rounding.
    if (square_gap > kLogNegligible + 5.0) return log_norm_ + p;
    const double b = kC - chi * erfcx_chi0_;
    const double p_minus_q = square_gap + std::log(a / b);
    if (!(p_minus_q > 0.0)) return kLogZero;
    return log_norm_ + p + log_one_minus_exp_neg(p_minus_q);
  }

  /// Where r(L)/L is roughly `exp(log_target)` for a << m (low-loss tail
  /// r ~ a kDelta e^(-chi^2) / erfc(-chi0), L ~ m): a starting point for critical_load_pps.
  double critical_load_guess(double log_target) const {
    const double chi_squared =
        std::log(spread_ * kDelta / mrr_) - log_target - std::log(std::erfc(-chi0_));
    return mrr_ - spread_ * std::sqrt(std::max(chi_squared, 0.0));
  }

  double spread_pps() const { return spread_; }

 private:
  /// Tiny u = L/a: r'(u) = e^(-chi0^2) (s1 u + s2 u^2 + s3 u^3 + s4 u^4); no cancellation.
  double log_small_load(double u) const {
    const double poly = u * (series_[0] + u * (series_[1] + u * (series_[2] + u * series_[3])));
    return log_norm_ + neg_chi0_sq_ + std::log(poly);
  }

  /// chi < -1 (L > m + a): r' = (c - |chi| erfcx(|chi|)) e^(-chi^2) + 2|chi| - e^Q, where the
  /// first two terms are at least 2|chi| and e^Q < 0.3 + 0.16 |chi| (chi0 >= 1 in the prior).
  double log_high_loss(double chi) const {
    const double abs_chi = -chi;
    const double first = (kC - abs_chi * erfcx(abs_chi)) * std::exp(-chi * chi) + 2.0 * abs_chi;
    const double second = exp_neg_chi0_sq_ * (kC - chi * erfcx_chi0_);
    const double difference = first - second;
    return difference > 0.0 ? log_norm_ + std::log(difference) : kLogZero;
  }

  double mrr_;
  double spread_;
  double inv_spread_;
  double chi0_;
  double chi0_scale_;
  double erfcx_chi0_;
  double neg_chi0_sq_;
  double exp_neg_chi0_sq_;
  double log_norm_;
  double series_[4]{};
};

}  // namespace trexsearch::plr
