#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "measure/units.hpp"
#include "plr/plr_trial.hpp"

namespace trexsearch::plr {

/// How the estimate moved over the last part of the search (draft-02 section 4.3.10: "report
/// any trend quantification together with direct critical load estimate").
struct Trend {
  /// Least-squares slope of ln(average) against time, per hour: 0.01 means the estimate rose
  /// by about 1 % per hour.
  double slope_per_hour = 0.0;
  /// Standard error of the slope: the two parts below combined in quadrature.
  double slope_stderr_per_hour = 0.0;
  /// The regression's standard error, widened for the autocorrelation of the residuals:
  /// se * sqrt((1 + rho) / (1 - rho)), rho the lag-1 autocorrelation clamped to [0, 0.95].
  double regression_stderr_per_hour = 0.0;
  /// The estimates' own uncertainty spread over the window: their mean log-space stdev divided
  /// by the window length. Successive estimates share almost all their trials, so their scatter
  /// understates how far an estimate may wander; moving by less than its own stdev over the
  /// window is no evidence of a trend.
  double estimate_stderr_per_hour = 0.0;
  /// Estimates in the window.
  std::size_t points = 0;
  /// The window, in search time: first and last estimate in it.
  measure::Seconds window_start{0.0};
  measure::Seconds window_end{0.0};

  /// |slope| > 2 stderr: a trend worth a user's attention.
  bool significant() const;
};

/// The trend over trials that finished in the last `window_fraction` of the search time;
/// absent with fewer than 5 estimates there.
std::optional<Trend> estimate_trend(std::span<const PlrTrial> trials, double window_fraction);

}  // namespace trexsearch::plr
