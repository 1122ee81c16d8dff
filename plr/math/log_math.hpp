#pragma once

#include <cmath>
#include <limits>
#include <utility>

// Arithmetic on logarithms of non-negative numbers (draft-02 section 5.2: "track natural
// logarithm ... for any quantity which is never negative"). The reference uses Python's None
// for log(0); here it is -infinity, which IEEE arithmetic already propagates correctly, so
// the hot loops need no special cases. Inline because the integrator calls these per stored
// trial per sample.

namespace trexsearch::plr {

/// log(0): the weight of an impossible sample.
inline constexpr double kLogZero = -std::numeric_limits<double>::infinity();

/// Beyond this distance from zero, log(1 + e^-x) is below half an ulp of 1 relative to the
/// result it is added to, so the shortcuts below are exact to rounding.
inline constexpr double kLogNegligible = 40.0;

/// log(e^first + e^second), exact for -inf operands.
inline double log_plus(double first, double second) {
  if (first < second) std::swap(first, second);
  if (second == kLogZero) return first;
  return first + std::log1p(std::exp(second - first));
}

/// log(e^first - e^second). Returns -inf when the difference is not positive (only rounding can
/// make it so in this library), never NaN.
inline double log_minus(double first, double second) {
  if (second == kLogZero) return first;
  if (!(first > second)) return kLogZero;
  return first + std::log(-std::expm1(second - first));
}

/// log(1 + x) for 0 <= x <= 1, to 2.5 ulps, without glibc's log1p (several times slower than
/// log) and without calling log near 1 (glibc's log takes a slower path there); the likelihood
/// needs one per stored trial per sample.
/// * x < 2^-27: x - x^2/2.
/// * x < 0.07: log(1 + x) = 2 atanh(s), s = x/(2 + x) <= 0.034, by its series
///   2s (1 + s^2/3 + ... + s^10/11); the first omitted term is below 2e-19 relative.
/// * otherwise: 1 + x is rounded to w (>= 1.07, outside glibc's near-1 path); since x <= 1, its
///   rounding error c = x - (w - 1) is exact (Fast2Sum), and log(1 + x) = log(w) + c/w to far
///   below rounding (c/w < 2^-53).
inline double log1p_small(double x) {
  // The omitted x^3/3 is below 2^-54/3 relative: the common case of a trial whose expected
  // loss count is far from 1 (|z| > 19) costs two operations.
  if (x < 0x1p-27) return x - 0.5 * x * x;
  if (x < 0.07) {
    const double s = x / (2.0 + x);
    const double s2 = s * s;
    const double series =
        1.0 / 3.0 + s2 * (1.0 / 5.0 + s2 * (1.0 / 7.0 + s2 * (1.0 / 9.0 + s2 * (1.0 / 11.0))));
    return 2.0 * s + 2.0 * s * (s2 * series);
  }
  const double w = 1.0 + x;
  const double c = x - (w - 1.0);
  return std::log(w) + c / w;
}

/// softplus(x) = log(1 + e^x), without overflow; softplus(-inf) = 0.
inline double softplus(double x) {
  if (x < -kLogNegligible) return std::exp(x);  // log1p(t) = t to rounding for t < 4e-18
  if (x > kLogNegligible) return x;             // x + e^-x rounds to x
  if (x > 0.0) return x + log1p_small(std::exp(-x));
  return log1p_small(std::exp(x));
}

/// log(softplus(x)) = log(log(1 + e^x)), accurate where softplus underflows (x << 0).
inline double log_softplus(double x) {
  // log(log1p(e^x)) = x + log(1 - e^x/2 + ...): the correction is below 2e-18 here.
  if (x < -kLogNegligible) return x;
  return std::log(softplus(x));
}

/// log(1 - e^-u) for u > 0: the log of the fraction of a unit interval left after u e-folds.
inline double log_one_minus_exp_neg(double u) {
  if (u > kLogNegligible) return 0.0;
  return std::log(-std::expm1(-u));
}

}  // namespace trexsearch::plr
