#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "plr/estimate.hpp"
#include "plr/plr_trial.hpp"

namespace trexsearch::plr {

/// The tester-limited trials of a soak search and whether they bear on its
/// estimate. Such a trial counts as full loss (the tester could not offer the
/// intended load), so near the critical load it pulls the estimate towards what
/// the tester, not the SUT, could do.
struct PlrTesterLimit {
  /// Tester-limited trials in the search.
  std::size_t trials = 0;
  /// The highest rate the tester reached in them [pps per direction]; absent without any.
  std::optional<double> reached_pps;
  /// Of those, the trials at an intended load at or below `estimate_upper_end_pps`.
  std::size_t trials_near_estimate = 0;
  /// The estimate's average + 2 stdev [pps]; absent without an estimate.
  std::optional<double> estimate_upper_end_pps;

  /// True when a tester-limited trial fell near (or below) the estimate: the result
  /// may describe the tester rather than the SUT, and is not a clean one.
  bool limited() const { return trials_near_estimate > 0; }
};

/// average + 2 stdev [pps]: above it a trial's full loss agrees with the estimate
/// whoever lost the frames; at or below it, a tester-limited trial's does not.
double estimate_upper_end_pps(double average_pps, double stdev_pps);

/// Counts the tester-limited trials among `trials` against `estimate` (the search's
/// final one). Without an estimate no trial is "near" it: there is no result to doubt.
PlrTesterLimit tester_limit_of(std::span<const PlrTrial> trials,
                               const std::optional<PlrEstimate>& estimate);

}  // namespace trexsearch::plr
