#pragma once

#include <cstdint>
#include <map>
#include <optional>

namespace trexsearch::measure {

/// Decade bucket histogram as TRex's `lat.histogram`: lower edge [us] -> samples.
/// Buckets are [0, 10), then [k, k + 10^d) for k = 10..90, 100..900, ...,
/// 100000..900000 (trex-flowstats-latency.md §2.1); samples >= 1 s are in none.
using BucketHistogram = std::map<std::uint64_t, std::uint64_t>;

/// after - before, key by key, zero entries dropped (the per-trial histogram from
/// TRex's cumulative ones); throws std::invalid_argument naming the bucket when
/// `before` has more samples in one.
BucketHistogram minus(const BucketHistogram& after, const BucketHistogram& before);

/// The lower edge [us] of TRex's bucket for a sample: 0 below 10 us, else the value
/// rounded down to its leading digit (12 -> 10, 3456 -> 3000); none from 1 s on,
/// where TRex buckets nothing (trex-flowstats-latency.md §2.1).
std::optional<std::uint64_t> bucket_lower_edge_us(std::uint64_t value_us);

/// Width [us] of TRex's bucket with this lower edge: 10 for 0..99, 100 for
/// 100..999, and so on (a key is not checked to be one TRex uses).
std::uint64_t bucket_width_us(std::uint64_t lower_edge_us);

}  // namespace trexsearch::measure
