#include "measure/bucket_histogram.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace trexsearch::measure {

BucketHistogram minus(const BucketHistogram& after, const BucketHistogram& before) {
  BucketHistogram difference;
  for (const auto& [edge_us, count] : before) {
    const auto it = after.find(edge_us);
    const std::uint64_t later = it == after.end() ? 0 : it->second;
    if (count > later) {
      throw std::invalid_argument("latency buckets: the earlier histogram has more samples in bucket " +
                                  std::to_string(edge_us) + " us (" + std::to_string(count) + " > " +
                                  std::to_string(later) + "); not a cumulative successor");
    }
  }
  for (const auto& [edge_us, count] : after) {
    const auto it = before.find(edge_us);
    const std::uint64_t earlier = it == before.end() ? 0 : it->second;
    if (count > earlier) difference.emplace(edge_us, count - earlier);
  }
  return difference;
}

std::optional<std::uint64_t> bucket_lower_edge_us(std::uint64_t value_us) {
  if (value_us >= 1'000'000) return std::nullopt;
  if (value_us < 10) return 0;
  const std::uint64_t width = bucket_width_us(value_us);
  return value_us / width * width;
}

std::uint64_t bucket_width_us(std::uint64_t lower_edge_us) {
  std::uint64_t width = 10;
  // Decade of the edge: [10^d, 10^(d+1)) has width 10^d, and [0, 100) has width 10.
  while (width <= std::numeric_limits<std::uint64_t>::max() / 10 && lower_edge_us >= width * 10) {
    width *= 10;
  }
  return width;
}

}  // namespace trexsearch::measure
