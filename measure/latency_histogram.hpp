#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace trexsearch::measure {

/// HDR histogram with TRex's parameters: 1..10,000,000 us, 3 significant digits
/// (trex-flowstats-latency.md §2.2). Bucket layout, percentile and mean
/// conventions are HdrHistogram_c's (the library TRex bundles), so numbers match
/// what CSIT and NFVbench get from the same `lat.hdrh` strings.
class LatencyHistogram {
 public:
  /// Highest trackable value [us] (TRex's `hdr_init(1, 10'000'000, 3, ...)`).
  static constexpr std::uint64_t highest_trackable_us = 10'000'000;
  static constexpr int significant_figures = 3;
  /// 2048 sub-buckets, 14 buckets: (14 + 1) * 1024 counts (§2.2).
  static constexpr std::size_t counts_length = 15'360;

  LatencyHistogram();

  /// Values above 10^7 us are recorded as 10^7 us (the histogram's top).
  /// Throws std::overflow_error when the total would exceed INT64_MAX.
  void record(std::uint64_t value_us, std::uint64_t count = 1);
  std::uint64_t total() const { return total_; }
  bool empty() const { return total_ == 0; }
  /// Lowest equivalent value of the lowest non-empty bucket; 0 when empty.
  std::uint64_t min_us() const;
  /// Highest equivalent value of the top non-empty bucket; 0 when empty.
  std::uint64_t max_us() const;
  /// Mean of the buckets' median equivalent values (exact below 2048 us); 0 when empty.
  double mean_us() const;
  /// hdrh convention (§2.2): the highest equivalent value of the bucket where the
  /// running count reaches max(1, floor(p/100 * N + 0.5)). `percentile` is clamped
  /// to [0, 100]; NaN throws std::invalid_argument; 0 when empty.
  std::uint64_t value_at_percentile(double percentile) const;
  /// Resolution at a value [us]: 1 below 2048, the bucket width above.
  std::uint64_t resolution_at_us(std::uint64_t value_us) const;
  /// this - earlier, bucket by bucket (per-trial histogram from TRex's cumulative ones);
  /// throws std::invalid_argument naming the bucket when `earlier` has more.
  LatencyHistogram minus(const LatencyHistogram& earlier) const;
  /// Adds `other`'s counts; throws std::overflow_error past INT64_MAX samples.
  void add(const LatencyHistogram& other);
  /// HdrHistogram V2 compressed, base64 ("HISTF..."), as TRex's `lat.hdrh`.
  std::string encode() const;
  /// Throws std::invalid_argument saying what is wrong (bad base64, cookie, zlib,
  /// parameters other than TRex's, counts overflowing): input from TRex is untrusted.
  static LatencyHistogram decode(std::string_view base64);

  /// Count of one bucket index (0 .. counts_length - 1), for codecs and tests.
  std::uint64_t count_at_index(std::size_t index) const { return counts_.at(index); }
  /// The bucket index a value [us] falls in (values clamped to the top as in record()).
  static std::size_t index_of(std::uint64_t value_us);
  /// Lowest value [us] of a bucket index.
  static std::uint64_t lowest_at_index(std::size_t index);
  /// Width [us] of the bucket at an index.
  static std::uint64_t width_at_index(std::size_t index);

  friend bool operator==(const LatencyHistogram&, const LatencyHistogram&) = default;

 private:
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
};

}  // namespace trexsearch::measure
