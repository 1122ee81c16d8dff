#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "measure/trial_result.hpp"

namespace trexsearch::mlr {

/// Evidence that the tester, not the SUT, set a goal's relevant upper bound: some
/// trials at that load could not be offered at their intended load (docs/trials.md).
struct TesterLimit {
  /// Tester-limited trials at the relevant upper bound.
  std::size_t trials = 0;
  /// The highest rate the tester reached in them [pps per direction].
  double reached_pps = 0.0;
};

/// The tester limit at `upper_bound_pps` among `trials`; absent when no trial at
/// that load was tester-limited (then the SUT's own loss made it an upper bound).
std::optional<TesterLimit> tester_limit_at(std::span<const measure::TrialResult> trials,
                                           double upper_bound_pps);

}  // namespace trexsearch::mlr
