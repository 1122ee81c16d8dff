#pragma once

#include <algorithm>
#include <cmath>
#include <optional>

namespace trexsearch::plr {
namespace critical_load_detail {

/// Two loads around the root and their excesses (below: negative, above: positive).
struct Bracket {
  double lo = 0.0;
  double hi = 0.0;
  double excess_lo = 0.0;
  double excess_hi = 0.0;
};

/// From a guess whose loss ratio is below the target, steps up (each step four times the
/// last) until it is above: the bracket, or the load where the search ends early (max
/// load reached, or an exact root).
template <class Excess>
std::optional<double> walk_up(const Excess& excess, double step, double max_load_pps,
                              Bracket& bracket) {
  for (;;) {
    if (bracket.lo >= max_load_pps) return max_load_pps;
    bracket.hi = std::min(bracket.lo + step, max_load_pps);
    bracket.excess_hi = excess(bracket.hi);
    if (bracket.excess_hi > 0.0) return std::nullopt;
    if (bracket.excess_hi == 0.0) return bracket.hi;
    bracket.lo = bracket.hi;
    bracket.excess_lo = bracket.excess_hi;
    step *= 4.0;
  }
}

/// walk_up's mirror, from a guess whose loss ratio is above the target.
template <class Excess>
std::optional<double> walk_down(const Excess& excess, double step, double min_load_pps,
                                Bracket& bracket) {
  for (;;) {
    if (bracket.hi <= min_load_pps) return min_load_pps;
    bracket.lo = std::max(bracket.hi - step, min_load_pps);
    bracket.excess_lo = excess(bracket.lo);
    if (bracket.excess_lo < 0.0) return std::nullopt;
    if (bracket.excess_lo == 0.0) return bracket.lo;
    bracket.hi = bracket.lo;
    bracket.excess_hi = bracket.excess_lo;
    step *= 4.0;
  }
}

/// Closes the bracket by Illinois-modified regula falsi: when the same end moves twice in
/// a row, the other end's excess is halved so the secant cannot stall against it;
/// bisection when the secant point is unusable.
template <class Excess>
double close_bracket(const Excess& excess, Bracket bracket) {
  int last_moved = 0;
  for (int iteration = 0; iteration < 200; ++iteration) {
    if (bracket.hi - bracket.lo <= 4.0 * 0x1p-53 * bracket.hi) break;
    double load = bracket.lo - bracket.excess_lo * ((bracket.hi - bracket.lo) /
                                                    (bracket.excess_hi - bracket.excess_lo));
    if (!(load > bracket.lo && load < bracket.hi) || iteration >= 60) {
      load = bracket.lo + 0.5 * (bracket.hi - bracket.lo);
    }
    const double value = excess(load);
    if (value < 0.0) {
      bracket.lo = load;
      bracket.excess_lo = value;
      if (last_moved < 0) bracket.excess_hi *= 0.5;
      last_moved = -1;
    } else if (value > 0.0) {
      bracket.hi = load;
      bracket.excess_hi = value;
      if (last_moved > 0) bracket.excess_lo *= 0.5;
      last_moved = 1;
    } else {
      return load;
    }
  }
  return bracket.lo + 0.5 * (bracket.hi - bracket.lo);
}

}  // namespace critical_load_detail

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
  critical_load_detail::Bracket bracket{guess, guess, excess_guess, excess_guess};
  const std::optional<double> early =
      excess_guess < 0.0
          ? critical_load_detail::walk_up(excess, fit.spread_pps(), max_load_pps, bracket)
          : critical_load_detail::walk_down(excess, fit.spread_pps(), min_load_pps, bracket);
  if (early) return *early;
  return critical_load_detail::close_bracket(excess, bracket);
}

}  // namespace trexsearch::plr
