#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "plr/estimate.hpp"
#include "plr/plr_trial.hpp"

namespace trexsearch::plr {

/// The tester-limited trials of a soak search and whether they bear on its
/// estimate. Such a trial counts as full loss (the tester could not offer the
/// intended load), so where the SUT itself did not lose frames it pulls the
/// estimate down to what the tester, not the SUT, could do.
struct PlrTesterLimit {
  /// Tester-limited trials in the search.
  std::size_t trials = 0;
  /// The highest rate the tester reached in them [pps per direction]; absent without any.
  std::optional<double> reached_pps;
  /// Of those, the trials at an intended load at or below `estimate_upper_end_pps`.
  std::size_t trials_near_estimate = 0;
  /// The estimate's average + 2 stdev [pps]; absent without an estimate.
  std::optional<double> estimate_upper_end_pps;
  /// The lowest intended load of a lossy trial that was not tester-limited: where
  /// the SUT itself lost frames [pps]; absent when it never did.
  std::optional<double> lowest_sut_lossy_pps;
  /// Of the tester-limited trials, those at an intended load at or below
  /// `lowest_sut_lossy_pps` (all of them when the SUT never lost frames itself).
  std::size_t trials_below_sut_loss = 0;

  /// True when the result may describe the tester rather than the SUT, and is not a
  /// clean one: a tester-limited trial fell near (or below) the estimate, or below
  /// every load at which the SUT itself lost frames (then the tester's full losses
  /// are what bound the estimate from above, however far above it they are).
  bool limited() const { return trials_near_estimate > 0 || trials_below_sut_loss > 0; }
};

/// average + 2 stdev [pps]: a tester-limited trial at or below it is near the estimate.
double estimate_upper_end_pps(double average_pps, double stdev_pps);

/// Counts the tester-limited trials among `trials` against `estimate` (the search's
/// final one) and against the trials where the SUT itself lost frames (PlrTrial::lossy).
PlrTesterLimit tester_limit_of(std::span<const PlrTrial> trials,
                               const std::optional<PlrEstimate>& estimate);

}  // namespace trexsearch::plr
