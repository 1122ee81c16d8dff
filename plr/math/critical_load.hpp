#pragma once

#include <algorithm>
#include <cmath>

namespace trexsearch::plr {

/// Where a fitting function's loss ratio r(L)/L reaches the target (draft-02 section 3.24
/// "Critical Load", for one point of parameter space), clamped to [min_load, max_load] as the
/// reference's bisection is. The loss ratio is increasing in L (r is convex, r(0) = 0).
///
/// The reference bisects [min, max] to the last bit: about 53 evaluations per sample, its main
/// fixed cost. Here the fit's own guess (its low-loss asymptote) is bracketed by steps of
/// one spread, growing fourfold, and the bracket is closed by Illinois-modified regula falsi:
/// typically 8 to 15 evaluations, the same root to a few ulps. `Fit` needs log_loss_rate,
/// critical_load_guess and spread_pps.
template <class Fit>
double critical_load_pps(const Fit& fit, double min_load_pps, double max_load_pps,
                         double log_target_loss_ratio) {
  // excess(L) = log(r(L)/L) - log(target); increasing in L, never NaN for L > 0.
  const auto excess = [&](double load) {
    return fit.log_loss_rate(load) - std::log(load) - log_target_loss_ratio;
  };
  double guess = fit.critical_load_guess(log_target_loss_ratio);
  if (!(guess >= min_load_pps)) guess = min_load_pps;  // also NaN
  if (guess > max_load_pps) guess = max_load_pps;
  const double excess_guess = excess(guess);
  if (excess_guess == 0.0) return guess;
  double lo = guess;
  double hi = guess;
  double excess_lo = excess_guess;
  double excess_hi = excess_guess;
  double step = fit.spread_pps();
  if (excess_guess < 0.0) {
    // Walk up until the loss ratio exceeds the target.
    for (;;) {
      if (lo >= max_load_pps) return max_load_pps;
      hi = std::min(lo + step, max_load_pps);
      excess_hi = excess(hi);
      if (excess_hi > 0.0) break;
      if (excess_hi == 0.0) return hi;
      lo = hi;
      excess_lo = excess_hi;
      step *= 4.0;
    }
  } else {
    for (;;) {
      if (hi <= min_load_pps) return min_load_pps;
      lo = std::max(hi - step, min_load_pps);
      excess_lo = excess(lo);
      if (excess_lo < 0.0) break;
      if (excess_lo == 0.0) return lo;
      hi = lo;
      excess_hi = excess_lo;
      step *= 4.0;
    }
  }
  // Illinois: when the same end moves twice in a row, halve the other end's excess so the
  // secant cannot stall against it; bisection when the secant point is unusable.
  int last_moved = 0;
  for (int iteration = 0; iteration < 200; ++iteration) {
    if (hi - lo <= 4.0 * 0x1p-53 * hi) break;
    double load = lo - excess_lo * ((hi - lo) / (excess_hi - excess_lo));
    if (!(load > lo && load < hi) || iteration >= 60) load = lo + 0.5 * (hi - lo);
    const double value = excess(load);
    if (value < 0.0) {
      lo = load;
      excess_lo = value;
      if (last_moved < 0) excess_hi *= 0.5;
      last_moved = -1;
    } else if (value > 0.0) {
      hi = load;
      excess_hi = value;
      if (last_moved > 0) excess_lo *= 0.5;
      last_moved = 1;
    } else {
      return load;
    }
  }
  return lo + 0.5 * (hi - lo);
}

}  // namespace trexsearch::plr
