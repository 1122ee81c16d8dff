#include "measure/latency_histogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace trexsearch::measure {
namespace {

// HdrHistogram_c's derived parameters for lowest 1, highest 10^7, 3 digits
// (trex-flowstats-latency.md §2.2): unit magnitude 0, sub-bucket count 2048.
constexpr int kSubBucketHalfCountMagnitude = 10;
constexpr std::uint64_t kSubBucketHalfCount = 1024;
constexpr std::uint64_t kSubBucketMask = 2047;
constexpr std::uint64_t kMaxTotal =
    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

std::string describe_bucket(std::size_t index) {
  const std::uint64_t low = LatencyHistogram::lowest_at_index(index);
  const std::uint64_t high = low + LatencyHistogram::width_at_index(index) - 1;
  return "bucket " + std::to_string(index) + " [" + std::to_string(low) + ".." +
         std::to_string(high) + " us]";
}

}  // namespace

LatencyHistogram::LatencyHistogram() : counts_(counts_length, 0) {}

std::size_t LatencyHistogram::index_of(std::uint64_t value_us) {
  const std::uint64_t value = std::min(value_us, highest_trackable_us);
  // HdrHistogram_c counts_index_for(): bucket = pow2ceiling(value | mask) - 11.
  const int pow2_ceiling = 64 - std::countl_zero(value | kSubBucketMask);
  const int bucket = pow2_ceiling - (kSubBucketHalfCountMagnitude + 1);
  const std::uint64_t sub_bucket = value >> bucket;
  return (static_cast<std::size_t>(bucket + 1) << kSubBucketHalfCountMagnitude) +
         static_cast<std::size_t>(sub_bucket - kSubBucketHalfCount);
}

std::uint64_t LatencyHistogram::lowest_at_index(std::size_t index) {
  int bucket = static_cast<int>(index >> kSubBucketHalfCountMagnitude) - 1;
  std::uint64_t sub_bucket = (index & (kSubBucketHalfCount - 1)) + kSubBucketHalfCount;
  if (bucket < 0) {
    sub_bucket -= kSubBucketHalfCount;
    bucket = 0;
  }
  return sub_bucket << bucket;
}

std::uint64_t LatencyHistogram::width_at_index(std::size_t index) {
  // Index i < 2048 is bucket 0 (width 1); each further 1024 indices double it.
  if (index < 2 * kSubBucketHalfCount) return 1;
  return std::uint64_t{1} << ((index >> kSubBucketHalfCountMagnitude) - 1);
}

void LatencyHistogram::record(std::uint64_t value_us, std::uint64_t count) {
  if (count > kMaxTotal - total_) {
    throw std::overflow_error("latency histogram: recording " + std::to_string(count) +
                              " samples would exceed INT64_MAX in total");
  }
  counts_[index_of(value_us)] += count;
  total_ += count;
}

std::uint64_t LatencyHistogram::min_us() const {
  if (empty()) return 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i] != 0) return lowest_at_index(i);
  }
  return 0;
}

std::uint64_t LatencyHistogram::max_us() const {
  if (empty()) return 0;
  for (std::size_t i = counts_.size(); i-- > 0;) {
    if (counts_[i] != 0) return lowest_at_index(i) + width_at_index(i) - 1;
  }
  return 0;
}

double LatencyHistogram::mean_us() const {
  if (empty()) return 0.0;
  // HdrHistogram_c hdr_mean(): each bucket at its median equivalent value.
  double sum = 0.0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i] == 0) continue;
    const std::uint64_t median = lowest_at_index(i) + (width_at_index(i) >> 1);
    sum += static_cast<double>(counts_[i]) * static_cast<double>(median);
  }
  return sum / static_cast<double>(total_);
}

std::uint64_t LatencyHistogram::value_at_percentile(double percentile) const {
  if (std::isnan(percentile)) {
    throw std::invalid_argument("latency histogram: percentile is NaN");
  }
  if (empty()) return 0;
  const double requested = std::clamp(percentile, 0.0, 100.0);
  const double at = requested / 100.0 * static_cast<double>(total_);
  // HdrHistogram's getValueAtPercentile rounds so, and the percentiles must match its.
  // NOLINTNEXTLINE(bugprone-incorrect-roundings)
  const auto at_percentile = static_cast<std::uint64_t>(at + 0.5);
  const std::uint64_t target = std::max<std::uint64_t>(1, at_percentile);
  std::uint64_t running = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    running += counts_[i];
    if (running >= target) return lowest_at_index(i) + width_at_index(i) - 1;
  }
  return max_us();  // rounding cannot get here (target <= total), but stay defined
}

std::uint64_t LatencyHistogram::resolution_at_us(std::uint64_t value_us) const {
  return width_at_index(index_of(value_us));
}

LatencyHistogram LatencyHistogram::minus(const LatencyHistogram& earlier) const {
  LatencyHistogram difference;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    if (earlier.counts_[i] > counts_[i]) {
      throw std::invalid_argument("latency histogram: the earlier histogram has more samples in " +
                                  describe_bucket(i) + " (" + std::to_string(earlier.counts_[i]) +
                                  " > " + std::to_string(counts_[i]) +
                                  "); not a cumulative successor (pg_id re-created?)");
    }
    difference.counts_[i] = counts_[i] - earlier.counts_[i];
  }
  difference.total_ = total_ - earlier.total_;
  return difference;
}

void LatencyHistogram::add(const LatencyHistogram& other) {
  if (other.total_ > kMaxTotal - total_) {
    throw std::overflow_error("latency histogram: adding " + std::to_string(other.total_) +
                              " samples to " + std::to_string(total_) +
                              " would exceed INT64_MAX in total");
  }
  for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  total_ += other.total_;
}

}  // namespace trexsearch::measure
