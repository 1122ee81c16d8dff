#pragma once

#include <cstddef>
#include <span>

namespace trexsearch::trend {

/// Size, average and population standard deviation of a group of samples, built
/// one sample at a time (Welford's update: no sum of squares, so values of 1e8
/// pps keep their small spread exact enough).
struct AvgStdevStats {
  std::size_t size = 0;
  double avg = 0.0;
  double stdev = 0.0;  ///< population stdev (divided by size, not size - 1)

  /// These statistics with one more sample.
  AvgStdevStats with(double value) const;
  /// The statistics of `values` (size 0 for none).
  static AvgStdevStats of(std::span<const double> values);
};

}  // namespace trexsearch::trend
