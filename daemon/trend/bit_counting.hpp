#pragma once

#include <optional>
#include <span>

#include "daemon/trend/avg_stdev_stats.hpp"

namespace trexsearch::trend {

/// How finely values are told apart: `unit` is the resolution, `max_value` the
/// largest value expected (both in the values' own unit, e.g. frames/s).
struct BitScale {
  double max_value = 1.0;
  double unit = 1.0;
};

/// jumpavg's default resolution: the largest value written with this many
/// significant bits (CSIT's `sbps`, 12).
inline constexpr double kDefaultSignificantBits = 12.0;

/// The scale for a series: max_value its largest value, unit such that max_value
/// is 2^(significant_bits + 1) - 1 units. A series of zeros gets {1, 1}. Throws
/// std::invalid_argument naming the value when one is negative or not finite.
BitScale scale_for(std::span<const double> values,
                   double significant_bits = kDefaultSignificantBits);

/// The information content [bits] of describing a group with these statistics:
/// its size, its average (relative to the previous group's average when there is
/// one), its stdev and its samples as Gaussian noise around the average, each
/// counted at the scale's resolution (docs/trend.md "The description").
double group_bits(const AvgStdevStats& stats, const BitScale& scale,
                  std::optional<double> previous_avg);

}  // namespace trexsearch::trend
