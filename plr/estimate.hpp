#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "plr/fit_shape.hpp"
#include "plr/focus_tracker.hpp"
#include "plr/stat_trackers.hpp"

namespace trexsearch::plr {

/// One fitting function's result of one computation: the posterior of log(critical load).
struct FitEstimate {
  /// Posterior average of log(critical load [pps]); absent when no sample carried weight
  /// (only possible when a computation was cut off before its first useful sample).
  std::optional<double> log_average;
  /// The dual tracker's pessimistic variance of log(critical load).
  double log_variance = 0.0;
  /// Samples drawn (all chains together).
  std::uint64_t samples = 0;
  /// Where the next computation starts looking.
  FocusState focus;

  /// exp(log_average) [pps]: the value the load selection averages over the fits.
  std::optional<double> average_pps() const;

  /// From the merged trackers of a computation.
  static FitEstimate from(const DualTracker& value, const FocusTracker& focus,
                          std::uint64_t samples);

  bool operator==(const FitEstimate&) const = default;
};

/// The combined critical-load estimate (reference _get_result): the fits' log averages and
/// variances are averaged, their disagreement counts as extra variance, and the result is
/// reported as the log-normal-like interval e^(mu -/+ sigma).
struct PlrEstimate {
  /// mu: centre of the estimate in log space, log(pps).
  double log_center = 0.0;
  /// sigma: stdev of the estimate in log space.
  double log_stdev = 0.0;
  /// (lower + upper) / 2 = e^mu cosh(sigma) [pps].
  double average_pps = 0.0;
  /// average - lower = e^mu sinh(sigma) [pps].
  double stdev_pps = 0.0;
  /// e^(mu - sigma) [pps]; what CSIT reports and checks as the soak result.
  double lower_pps = 0.0;
  /// e^(mu + sigma) [pps].
  double upper_pps = 0.0;

  /// stdev / average (the optional exit condition, draft-02 section 4.3.6).
  double relative_stdev() const { return average_pps > 0.0 ? stdev_pps / average_pps : 0.0; }

  bool operator==(const PlrEstimate&) const = default;
};

/// Combines the fits (stretch, erf order) into one estimate; a fit without a value is left out,
/// and with neither there is no estimate.
std::optional<PlrEstimate> combine_fits(const std::array<FitEstimate, 2>& fits);

/// The next-load basis: (e^mu_stretch + e^mu_erf)/2, the mean of the fits' exponentiated
/// log averages (not the combined average). A missing fit is left out.
std::optional<double> fits_average_pps(const std::array<FitEstimate, 2>& fits);

}  // namespace trexsearch::plr
