#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace trexsearch::measure {

/// How a LatencySummary's percentiles were computed (docs/latency.md).
enum class PercentileMethod {
  /// From TRex's HDR histogram (`lat.hdrh`, TRex started with --hdrh): exact to
  /// 1 us below 2048 us, 3 significant digits above.
  hdrh,
  /// From TRex's decade bucket histogram (`lat.histogram`): each percentile is
  /// the upper edge of its bucket, so it is never below the true value.
  buckets,
  /// No histogram: min/mean/max only.
  none,
};

/// "hdrh", "buckets" or "none".
const char* to_string(PercentileMethod method);

/// One direction's latency over one trial, in microseconds, with no more digits
/// than TRex measures (integer microseconds).
struct LatencySummary {
  /// Latency samples (frames of the latency stream received in the trial).
  std::uint64_t samples = 0;
  std::uint64_t min_us = 0;
  /// The mean over the trial's samples (from the histogram; TRex's own `average`
  /// is a low-pass filter, not a mean: trex-flowstats-latency.md §2.1).
  double mean_us = 0.0;
  std::uint64_t max_us = 0;
  /// TRex's RFC 3550 jitter estimate at the end of the trial.
  std::optional<std::uint64_t> jitter_us;
  /// Absent when the method cannot give them or there were no samples; P99.9 also
  /// absent below 1000 samples (it would be the maximum).
  std::optional<std::uint64_t> p50_us;
  std::optional<std::uint64_t> p90_us;
  std::optional<std::uint64_t> p99_us;
  std::optional<std::uint64_t> p999_us;
  PercentileMethod method = PercentileMethod::none;
  /// The percentiles' resolution at P99 [us]: 1 for hdrh below 2048 us, the
  /// bucket width for buckets.
  std::uint64_t resolution_us = 0;
  friend bool operator==(const LatencySummary&, const LatencySummary&) = default;
};

/// Sequence errors of a latency stream in one trial (TRex `er` counters,
/// trex-flowstats-latency.md §2.1).
struct SequenceErrors {
  std::uint64_t dropped = 0;
  std::uint64_t out_of_order = 0;
  std::uint64_t duplicate = 0;
  std::uint64_t seq_too_high = 0;
  std::uint64_t seq_too_low = 0;
  friend bool operator==(const SequenceErrors&, const SequenceErrors&) = default;
};

/// One direction's latency stream in one trial: its own counts (never part of
/// the main loss count), sequence errors, the summary, and the histogram it came
/// from so percentiles can be recomputed later.
struct DirectionLatency {
  /// "0->1": transmitting port -> receiving port, as DirectionCounts::name.
  std::string name;
  std::uint32_t pg_id = 0;
  /// The latency stream's rate [pps].
  double rate_pps = 0.0;
  /// Latency-stream frames sent and received in the trial.
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
  SequenceErrors errors;
  LatencySummary summary;
  /// The trial's HDR histogram (the difference of TRex's cumulative ones), HdrHistogram
  /// V2 compressed base64 ("HISTF..."); empty when TRex gave none.
  std::string hdrh;
  /// The trial's decade bucket histogram: lower edge [us] -> samples.
  std::map<std::uint64_t, std::uint64_t> buckets;
  friend bool operator==(const DirectionLatency&, const DirectionLatency&) = default;
};

}  // namespace trexsearch::measure
