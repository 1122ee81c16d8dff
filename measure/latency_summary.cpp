#include "measure/latency_summary.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace trexsearch::measure {
namespace {

// The rank convention of hdrh (trex-flowstats-latency.md §2.2), used for buckets too.
std::uint64_t rank_of(double percentile, std::uint64_t samples) {
  const double at = percentile / 100.0 * static_cast<double>(samples);
  // HdrHistogram's getValueAtPercentile rounds so, and the ranks must match its.
  // NOLINTNEXTLINE(bugprone-incorrect-roundings)
  const auto rank = static_cast<std::uint64_t>(at + 0.5);
  return std::max<std::uint64_t>(1, rank);
}

std::uint64_t bucket_percentile(const BucketHistogram& trial, std::uint64_t samples,
                                double percentile, std::uint64_t max_us) {
  const std::uint64_t target = rank_of(percentile, samples);
  std::uint64_t running = 0;
  for (const auto& [edge_us, count] : trial) {
    running += count;
    if (running >= target) return std::min(edge_us + bucket_width_us(edge_us), max_us);
  }
  return max_us;
}

std::uint64_t bucket_of(const BucketHistogram& trial, std::uint64_t samples, double percentile) {
  const std::uint64_t target = rank_of(percentile, samples);
  std::uint64_t running = 0;
  for (const auto& [edge_us, count] : trial) {
    running += count;
    if (running >= target) return edge_us;
  }
  return trial.rbegin()->first;
}

}  // namespace

LatencySummary summarize(const LatencyHistogram& trial, std::optional<std::uint64_t> jitter_us) {
  LatencySummary summary;
  summary.method = PercentileMethod::hdrh;
  summary.jitter_us = jitter_us;
  summary.samples = trial.total();
  if (trial.empty()) return summary;
  summary.min_us = trial.min_us();
  summary.max_us = trial.max_us();
  summary.mean_us = trial.mean_us();
  summary.p50_us = trial.value_at_percentile(50.0);
  summary.p90_us = trial.value_at_percentile(90.0);
  summary.p99_us = trial.value_at_percentile(99.0);
  if (summary.samples >= p999_min_samples) summary.p999_us = trial.value_at_percentile(99.9);
  summary.resolution_us = trial.resolution_at_us(*summary.p99_us);
  return summary;
}

LatencySummary summarize(const BucketHistogram& trial, std::uint64_t min_us, std::uint64_t max_us,
                         std::optional<std::uint64_t> jitter_us) {
  LatencySummary summary;
  summary.method = PercentileMethod::buckets;
  summary.jitter_us = jitter_us;
  std::uint64_t samples = 0;
  for (const auto& [edge_us, count] : trial) {
    if (count > std::numeric_limits<std::uint64_t>::max() - samples) {
      throw std::invalid_argument("latency buckets: sample counts overflow at bucket " +
                                  std::to_string(edge_us) + " us");
    }
    samples += count;
  }
  summary.samples = samples;
  if (samples == 0) {
    // No bucketed sample: only what TRex folded (possibly nothing).
    summary.min_us = min_us;
    summary.max_us = max_us;
    return summary;
  }
  // Clear zero buckets out of the way for the edge look-ups below.
  BucketHistogram filled;
  for (const auto& [edge_us, count] : trial) {
    if (count != 0) filled.emplace(edge_us, count);
  }
  const std::uint64_t bottom_edge = filled.begin()->first;
  const std::uint64_t top_edge = filled.rbegin()->first;
  summary.max_us = std::max(max_us, top_edge);
  summary.min_us = std::min(min_us, bottom_edge + bucket_width_us(bottom_edge) - 1);
  summary.min_us = std::min(summary.min_us, summary.max_us);
  double sum = 0.0;
  for (const auto& [edge_us, count] : filled) {
    const double mid =
        static_cast<double>(edge_us) + static_cast<double>(bucket_width_us(edge_us)) / 2.0;
    const double clipped =
        std::clamp(mid, static_cast<double>(summary.min_us), static_cast<double>(summary.max_us));
    sum += clipped * static_cast<double>(count);
  }
  summary.mean_us = sum / static_cast<double>(samples);
  summary.p50_us = bucket_percentile(filled, samples, 50.0, summary.max_us);
  summary.p90_us = bucket_percentile(filled, samples, 90.0, summary.max_us);
  summary.p99_us = bucket_percentile(filled, samples, 99.0, summary.max_us);
  if (samples >= p999_min_samples)
    summary.p999_us = bucket_percentile(filled, samples, 99.9, summary.max_us);
  summary.resolution_us = bucket_width_us(bucket_of(filled, samples, 99.0));
  return summary;
}

}  // namespace trexsearch::measure
