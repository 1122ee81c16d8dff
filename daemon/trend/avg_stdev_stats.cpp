#include "daemon/trend/avg_stdev_stats.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::trend {

AvgStdevStats AvgStdevStats::with(double value) const {
  const double count = static_cast<double>(size) + 1.0;
  const double squares = stdev * stdev * static_cast<double>(size);  // Welford's M2
  const double delta = value - avg;
  const double new_avg = avg + delta / count;
  const double new_squares = squares + delta * (value - new_avg);
  return {size + 1, new_avg, std::sqrt(std::max(0.0, new_squares) / count)};
}

AvgStdevStats AvgStdevStats::of(std::span<const double> values) {
  AvgStdevStats stats;
  for (double value : values) stats = stats.with(value);
  return stats;
}

}  // namespace trexsearch::trend
