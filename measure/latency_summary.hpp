#pragma once

#include <cstdint>
#include <optional>

#include "measure/bucket_histogram.hpp"
#include "measure/direction_latency.hpp"
#include "measure/latency_histogram.hpp"

namespace trexsearch::measure {

/// Samples needed before P99.9 is reported: with fewer it is the maximum.
inline constexpr std::uint64_t p999_min_samples = 1000;

/// Method hdrh (docs/latency-percentiles.md): min, mean, max and P50/P90/P99
/// (P99.9 from 1000 samples) from the trial's HDR histogram, hdrh conventions;
/// resolution_us is the histogram's resolution at P99.
LatencySummary summarize(const LatencyHistogram& trial, std::optional<std::uint64_t> jitter_us);

/// Method buckets: from the trial's decade bucket histogram and TRex's min/max [us].
/// A percentile is the upper edge of its bucket (never below the truth), clipped
/// to max; max is raised to the top non-empty bucket's lower edge and min lowered
/// to the bottom one's upper edge - 1 when TRex's folded values disagree with the
/// histogram (§2.1: they lag and skip start-up samples). The mean uses bucket
/// midpoints clipped to [min, max]; resolution_us is P99's bucket width.
LatencySummary summarize(const BucketHistogram& trial, std::uint64_t min_us, std::uint64_t max_us,
                         std::optional<std::uint64_t> jitter_us);

}  // namespace trexsearch::measure
