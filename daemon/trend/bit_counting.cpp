// The description length of one group, after CSIT's jumpavg (bit_counting_stats.py):
// a group costs bits for its size, its average, its stdev and for where its samples
// lie given those two. A series is split where a new group pays for its own
// average and stdev by describing its samples more tightly (group_classifier.cpp).
#include "daemon/trend/bit_counting.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace trexsearch::trend {

BitScale scale_for(std::span<const double> values, double significant_bits) {
  double max_value = 0.0;
  for (double value : values) {
    if (!std::isfinite(value) || value < 0.0) {
      throw std::invalid_argument("trend value " + std::to_string(value) +
                                  ": must be a finite number >= 0");
    }
    max_value = std::max(max_value, value);
  }
  if (!(significant_bits > 0.0)) {
    throw std::invalid_argument("significant bits " + std::to_string(significant_bits) +
                                ": must be > 0");
  }
  if (max_value <= 0.0) return {1.0, 1.0};
  return {max_value, max_value / (std::exp2(significant_bits + 1.0) - 1.0)};
}

double group_bits(const AvgStdevStats& stats, const BitScale& scale,
                  std::optional<double> previous_avg) {
  if (stats.size == 0) return 0.0;  // so an empty group never changes a sum
  const double size = static_cast<double>(stats.size);
  const double max_value = scale.max_value / scale.unit;
  const double avg = stats.avg / scale.unit;
  // The size, with P(size = n) = 1 / (n (n + 1)): decodable, and it sums to 1.
  double bits = std::log2(size * (size + 1.0));
  if (!previous_avg) {
    // The first average: uniform over 0..max_value.
    bits += std::log2(max_value + 1.0);
  } else {
    // A later average is likelier far from the previous one (close, it would have
    // joined that group): density (|x - p| + 1) / norm, where norm is its integral
    // over 0..max_value.
    const double previous = *previous_avg / scale.unit;
    const double norm = previous * previous / 2.0 +
                        (max_value - previous) * (max_value - previous) / 2.0 + max_value;
    bits += std::log2(norm / (std::abs(avg - previous) + 1.0));
  }
  if (stats.size < 2) return bits;
  const double stdev = stats.stdev / scale.unit;
  // The stdev, with P(s) = 1 / ((s + 1) (s + 2)) cut off at max_value: it penalises
  // a wide group already when its size is 2 (where the samples' term is constant).
  bits += std::log2((stdev + 1.0) * (stdev + 2.0)) + std::log2(1.0 - 1.0 / (max_value + 2.0));
  // Given avg and stdev, the samples lie on a (size - 2)-sphere of radius
  // stdev * sqrt(size) in the size - 1 dimensions orthogonal to the average: count
  // the unit cells on its surface, 2 pi^(k/2) / Gamma(k/2) r^(k-1) with k = size - 1
  // (+1 on the stdev keeps a zero-spread group at one cell).
  const double dimensions = size - 1.0;
  const double radius_ln = std::log(stdev + 1.0) + 0.5 * std::log(size);
  const double area_ln = std::log(2.0) + std::log(std::numbers::pi) * dimensions / 2.0 -
                         std::lgamma(dimensions / 2.0) + radius_ln * (dimensions - 1.0);
  return bits + area_ln / std::numbers::ln2;
}

}  // namespace trexsearch::trend
