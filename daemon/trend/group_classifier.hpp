#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "daemon/trend/avg_stdev_stats.hpp"
#include "daemon/trend/bit_counting.hpp"

namespace trexsearch::trend {

/// A group's average against the previous group's (higher is better: throughput).
enum class Verdict {
  first,        ///< the first group: nothing to compare with
  normal,       ///< the same average as the previous group
  regression,   ///< a lower average than the previous group
  progression,  ///< a higher average than the previous group
};

/// "first", "normal", "regression", "progression".
const char* to_string(Verdict verdict);

/// One stable segment of the series.
struct TrendGroup {
  std::size_t first_index = 0;  ///< into the input series
  std::size_t last_index = 0;   ///< inclusive; outliers between are not members
  AvgStdevStats stats;          ///< of the members
  Verdict verdict = Verdict::first;
};

struct ClassifierSettings {
  double significant_bits = kDefaultSignificantBits;
  /// Leave single-sample groups between two other groups out and group again
  /// (docs/trend.md "Outliers"); false keeps jumpavg's plain grouping.
  bool drop_outliers = true;
};

/// The series split into groups.
struct Classification {
  std::vector<TrendGroup> groups;     ///< in series order; empty for an empty series
  std::vector<std::size_t> outliers;  ///< indices left out as outliers, ascending
  /// The last group's verdict (Verdict::first for none or one group).
  Verdict last_verdict() const;
};

/// Splits `values` (in time order, each >= 0) into the groups whose description
/// takes the fewest bits (group_bits), then judges each group's average against the
/// previous group's. Throws std::invalid_argument for a negative or non-finite value.
Classification classify_series(std::span<const double> values,
                               const ClassifierSettings& settings = {});

}  // namespace trexsearch::trend
