#pragma once

#include <cstddef>
#include <optional>

#include "measure/measurer.hpp"
#include "measure/units.hpp"

namespace trexsearch::bench {

/// A plain RFC 2544 throughput search, the baseline MLRsearch is compared with:
/// every trial is full length, a load passes only with zero loss, and the interval
/// [lower, upper] is halved until (upper - lower) / upper <= relative_width.
struct BinarySearchConfig {
  double min_load_pps = 9001.0;
  double max_load_pps = 14880952.0;
  measure::Seconds trial_duration{60.0};
  double relative_width = 0.005;
};

/// What a binary search found and what it cost.
struct BinarySearchResult {
  /// The highest load that passed; min load when none did (then unverified).
  double lower_bound_pps = 0.0;
  /// The lowest load that failed; none when max load passed.
  std::optional<double> upper_bound_pps;
  /// False when no trial passed, so the lower bound is just the min load.
  bool lower_bound_measured = false;
  std::size_t trials = 0;
  /// Sum of effective durations.
  measure::Seconds trial_duration_sum{0.0};
};

/// Measures max load first (done if it passes), then bisects [min, max]
/// arithmetically; min load itself is assumed to pass and is never measured.
BinarySearchResult rfc2544_binary_search(const BinarySearchConfig& config,
                                         measure::Measurer& measurer);

}  // namespace trexsearch::bench
