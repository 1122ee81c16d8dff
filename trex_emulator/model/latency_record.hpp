#pragma once

#include <cstdint>

#include "measure/bucket_histogram.hpp"
#include "measure/direction_latency.hpp"
#include "measure/latency_histogram.hpp"
#include "sim/latency_model.hpp"

namespace trexsearch::trex::emu {

/// What TRex's RX core keeps for one latency pg_id over its life (trex-flowstats-
/// latency.md §2.1): cumulative histograms, min/max, the low-pass "average", jitter
/// and sequence errors. Values are whole microseconds, as TRex truncates them.
struct LatencyRecord {
  measure::LatencyHistogram histogram;
  measure::BucketHistogram buckets;
  /// 0 before the first sample (TRex's DBL_MAX minimum casts to 0 as well).
  std::uint64_t total_min_us = 0;
  std::uint64_t total_max_us = 0;
  /// The largest sample of the latest batch (TRex: of the last 0.5 s window).
  std::uint64_t last_max_us = 0;
  /// TRex's low-pass filter: new = old / 2 + batch mean / 2 (not a mean, §2.1).
  double average_us = 0.0;
  std::uint64_t jitter_us = 0;
  measure::SequenceErrors errors;
  /// Frames of this pg_id already turned into samples (TX on its port, RX on the peer).
  std::uint64_t accounted_sent = 0;
  std::uint64_t accounted_received = 0;

  /// Folds in a batch of samples and the sequence errors of `sent` frames of which
  /// `received` arrived.
  void add(const sim::LatencySamples& samples, std::uint64_t sent, std::uint64_t received);
};

}  // namespace trexsearch::trex::emu
