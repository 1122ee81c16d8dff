#include "sim/loss_expectation.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace trexsearch::sim {
namespace {

// Tail terms below this share of the result no longer change a double.
constexpr double negligible = 1e-19;

/// E[min(K, cap)] for a non-negative integer K with mean `mean`, values up to
/// `max_k`, log-pmf `log_pmf(k)` and pmf ratios `up(k)` = p(k+1)/p(k) and
/// `down(k)` = p(k-1)/p(k).
///
/// min(K, c) = K - (K - c)+ = c - (c - K)+, so the result is the mean minus the
/// expected excess over the cap, or the cap minus the expected shortfall below it.
/// Whichever of the two lies in the distribution's tail is summed, from the cap
/// outwards: its terms only shrink, the sum stops when they no longer matter, and
/// the pmf is evaluated once (lgamma) and then stepped by ratios, so even counts of
/// 1e12 frames cost a handful of terms unless the cap sits in the distribution's body.
template <class LogPmf, class Up, class Down>
double expected_min_integer(double mean, double cap, double max_k, LogPmf log_pmf, Up up,
                            Down down) {
  if (cap >= max_k) return mean;
  if (cap >= mean) {
    double k = std::floor(cap) + 1.0;
    double p = std::exp(log_pmf(k));
    double excess = 0.0;
    while (p > 0.0 && k <= max_k) {
      excess += (k - cap) * p;
      // (k - cap) may start near zero, so judge the tail by p, not by the first term.
      if ((k - cap + 1.0) * p < negligible * mean) break;
      p *= up(k);
      k += 1.0;
    }
    return mean - excess;
  }
  double k = std::ceil(cap) - 1.0;
  double p = k >= 0.0 ? std::exp(log_pmf(k)) : 0.0;
  double shortfall = 0.0;
  while (p > 0.0 && k >= 0.0) {
    shortfall += (cap - k) * p;
    if ((cap - k + 1.0) * p < negligible * cap) break;
    p *= down(k);
    k -= 1.0;
  }
  return cap - shortfall;
}

}  // namespace

double expected_min_poisson(double mean, double cap) {
  if (!(mean > 0.0) || !(cap > 0.0)) return 0.0;
  const double log_mean = std::log(mean);
  return expected_min_integer(
      mean, cap, HUGE_VAL, [&](double k) { return -mean + k * log_mean - std::lgamma(k + 1.0); },
      [&](double k) { return mean / (k + 1.0); }, [&](double k) { return k / mean; });
}

double expected_min_binomial(std::int64_t trials, double success_probability, double cap) {
  if (trials <= 0 || !(cap > 0.0) || !(success_probability > 0.0)) return 0.0;
  const double n = static_cast<double>(trials);
  const double p = std::min(success_probability, 1.0);
  if (p == 1.0) return std::min(n, cap);
  const double odds = p / (1.0 - p);
  const double log_p = std::log(p);
  const double log_q = std::log1p(-p);
  const double log_n_factorial = std::lgamma(n + 1.0);
  return expected_min_integer(
      n * p, cap, n,
      [&](double k) {
        return log_n_factorial - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * log_p +
               (n - k) * log_q;
      },
      [&](double k) { return (n - k) / (k + 1.0) * odds; },
      [&](double k) { return k / (n - k + 1.0) / odds; });
}

double expected_shortfall_normal(double threshold, double mean, double stddev) {
  const double gap = threshold - mean;
  if (!(stddev > 0.0)) return std::max(0.0, gap);
  // E[(t - Y)+] = gap * Phi(gap / s) + s * phi(gap / s).
  const double z = gap / stddev;
  const double cdf = 0.5 * std::erfc(-z / std::numbers::sqrt2);
  const double pdf = std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi);
  return gap * cdf + stddev * pdf;
}

}  // namespace trexsearch::sim
