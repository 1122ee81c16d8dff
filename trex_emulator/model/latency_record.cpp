#include "trex_emulator/model/latency_record.hpp"

#include <algorithm>

namespace trexsearch::trex::emu {

void LatencyRecord::add(const sim::LatencySamples& samples, std::uint64_t sent,
                        std::uint64_t received) {
  const measure::SequenceErrors batch = sim::LatencyModel::sequence_errors(sent, received);
  errors.dropped += batch.dropped;
  errors.seq_too_high += batch.seq_too_high;
  accounted_sent += sent;
  accounted_received += received;
  if (samples.histogram.empty()) return;
  total_min_us = histogram.empty() ? samples.min_us : std::min(total_min_us, samples.min_us);
  total_max_us = std::max(total_max_us, samples.max_us);
  last_max_us = samples.max_us;
  const double mean_us = samples.histogram.mean_us();
  average_us = histogram.empty() ? mean_us : average_us / 2.0 + mean_us / 2.0;
  jitter_us = samples.jitter_us;
  histogram.add(samples.histogram);
  for (const auto& [edge_us, count] : samples.buckets) buckets[edge_us] += count;
}

}  // namespace trexsearch::trex::emu
