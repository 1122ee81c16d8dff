#include "trex_client/measurer/latency_counting.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "measure/errors.hpp"
#include "measure/latency_histogram.hpp"
#include "measure/latency_summary.hpp"

namespace trexsearch::trex {
namespace {

const PgCounters& counters_of(const StatsSnapshot& snapshot, std::uint32_t pg_id,
                              const char* when) {
  const PgCounters* counters = snapshot.pgid(pg_id);
  if (counters == nullptr) {
    throw measure::MeasurementError("TRex reported no counters for latency pg_id " +
                                    std::to_string(pg_id) + " in the " + when +
                                    " read; were the latency streams removed?");
  }
  return *counters;
}

std::uint64_t frames(std::uint64_t after, std::uint64_t before, const std::string& what) {
  if (after < before) {
    throw measure::MeasurementError(what + " went backwards during the trial (" +
                                    std::to_string(before) + " -> " + std::to_string(after) +
                                    "); was TRex restarted?");
  }
  return after - before;
}

// `er.drp` shrinks when a frame counted as lost arrives late (§2.1): a trial's
// share is never negative.
std::uint64_t grown(std::uint64_t after, std::uint64_t before) {
  return after > before ? after - before : 0;
}

measure::SequenceErrors errors_between(const PgLatency& after, const PgLatency& before) {
  measure::SequenceErrors errors;
  errors.dropped = grown(after.dropped, before.dropped);
  errors.out_of_order = grown(after.out_of_order, before.out_of_order);
  errors.duplicate = grown(after.duplicate, before.duplicate);
  errors.seq_too_high = grown(after.seq_too_high, before.seq_too_high);
  errors.seq_too_low = grown(after.seq_too_low, before.seq_too_low);
  return errors;
}

}  // namespace

std::vector<std::uint32_t> latency_pg_ids(std::span<const TrafficDirection> directions) {
  std::vector<std::uint32_t> ids;
  for (const TrafficDirection& direction : directions) {
    if (direction.latency) ids.push_back(direction.latency->pg_id);
  }
  return ids;
}

std::vector<TrafficDirection> latency_directions(std::span<const TrafficDirection> directions) {
  std::vector<TrafficDirection> streams;
  for (const TrafficDirection& direction : directions) {
    if (!direction.latency) continue;
    streams.push_back({direction.tx_port, direction.rx_port, direction.latency->pg_id});
  }
  return streams;
}

namespace {

/// The trial's share of TRex's cumulative HDR histogram and its summary; false
/// (with a note) when TRex gave none or a garbled one.
bool summarise_hdrh(const PgLatency& after, const PgLatency& before,
                    std::optional<std::uint64_t> jitter, const std::string& where,
                    measure::DirectionLatency& latency, std::vector<measure::TrialNote>& notes) {
  if (!after.hdrh) return false;
  try {
    measure::LatencyHistogram trial = measure::LatencyHistogram::decode(*after.hdrh);
    if (before.hdrh) trial = trial.minus(measure::LatencyHistogram::decode(*before.hdrh));
    latency.summary = measure::summarize(trial, jitter);
    latency.hdrh = trial.encode();
    return true;
  } catch (const std::exception& error) {
    // Untrusted input: the counts are still good, the buckets still usable.
    notes.push_back(measure::TrialNote::of(
        measure::note_key::latency_hdrh_invalid,
        where + ": " + error.what() + "; percentiles from TRex's decade buckets instead"));
    return false;
  }
}

/// One direction's latency stream over the trial; `from_buckets` is set when its
/// percentiles come from TRex's decade buckets.
measure::DirectionLatency direction_latency(const TrafficDirection& direction,
                                            const StatsSnapshot& baseline,
                                            const StatsSnapshot& final,
                                            std::vector<measure::TrialNote>& notes,
                                            bool& from_buckets) {
  const std::uint32_t pg = direction.latency->pg_id;
  measure::DirectionLatency latency;
  latency.name = direction.name();
  latency.pg_id = pg;
  latency.rate_pps = direction.latency->rate_pps;
  const std::string where = "direction " + latency.name + " latency pg_id " + std::to_string(pg);

  const PgCounters& after_counts = counters_of(final, pg, "final");
  const PgCounters& before_counts_read = counters_of(baseline, pg, "baseline");
  // Re-created during the trial (§1.3, §6 item 3): its counters restarted from
  // zero, so the baseline no longer applies; count what the new one saw.
  const bool restarted = before_counts_read.version != after_counts.version;
  const PgCounters zero_counts;
  const PgCounters& before_counts = restarted ? zero_counts : before_counts_read;
  if (restarted) {
    notes.push_back(
        measure::TrialNote::of(measure::note_key::latency_restarted,
                               where + " was re-created during the trial (ver_id " +
                                   std::to_string(before_counts_read.version) + " -> " +
                                   std::to_string(after_counts.version) +
                                   "); its counts and histogram cover only the time since"));
  }
  latency.sent = frames(after_counts.tx(direction.tx_port), before_counts.tx(direction.tx_port),
                        where + " tp");
  latency.received = frames(after_counts.rx(direction.rx_port), before_counts.rx(direction.rx_port),
                            where + " rp");

  const PgLatency nothing;
  const PgLatency* after_found = final.latency_of(pg);
  const PgLatency* before_found = restarted ? nullptr : baseline.latency_of(pg);
  const PgLatency& after = after_found != nullptr ? *after_found : nothing;
  const PgLatency& before = before_found != nullptr ? *before_found : nothing;
  latency.errors = errors_between(after, before);
  const std::optional<std::uint64_t> jitter =
      after.has_samples_info ? std::optional<std::uint64_t>(after.jitter_us) : std::nullopt;

  try {
    latency.buckets = measure::minus(after.histogram, before.histogram);
  } catch (const std::invalid_argument& error) {
    notes.push_back(measure::TrialNote::of(
        measure::note_key::latency_histogram_invalid,
        where + ": TRex's bucket histogram shrank during the trial (" + error.what() + ")"));
  }
  if (!summarise_hdrh(after, before, jitter, where, latency, notes)) {
    latency.summary =
        measure::summarize(latency.buckets, after.total_min_us, after.total_max_us, jitter);
    from_buckets = true;
  }
  return latency;
}

}  // namespace

std::vector<measure::DirectionLatency> count_latency(std::span<const TrafficDirection> directions,
                                                     const StatsSnapshot& baseline,
                                                     const StatsSnapshot& final,
                                                     std::vector<measure::TrialNote>& notes) {
  std::vector<measure::DirectionLatency> result;
  bool bucket_note = false;
  for (const TrafficDirection& direction : directions) {
    if (!direction.latency) continue;
    result.push_back(direction_latency(direction, baseline, final, notes, bucket_note));
  }
  if (bucket_note) {
    notes.push_back(measure::TrialNote::of(
        measure::note_key::latency_buckets,
        "TRex gave no HDR histogram (start it with --hdrh for 1 us percentiles); "
        "percentiles are upper edges of TRex's decade buckets, min/max are TRex's total_min/"
        "total_max, cumulative since the latency streams were added"));
  }
  return result;
}

void subtract_latency_frames(std::span<measure::DirectionCounts> counts,
                             std::span<const measure::DirectionLatency> latency) {
  for (measure::DirectionCounts& direction : counts) {
    for (const measure::DirectionLatency& stream : latency) {
      if (stream.name != direction.name) continue;
      direction.offered -= static_cast<std::int64_t>(stream.sent);
      direction.received -= static_cast<std::int64_t>(stream.received);
    }
  }
}

}  // namespace trexsearch::trex
