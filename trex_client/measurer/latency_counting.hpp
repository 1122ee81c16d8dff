#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "measure/direction_counts.hpp"
#include "measure/direction_latency.hpp"
#include "measure/trial_note.hpp"
#include "trex_client/api/port_counters.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::trex {

/// Each direction's latency stream over one trial, from the baseline and final
/// snapshots (trex-flowstats-latency.md §2.4 step 5): its frames (Δtp on the TX
/// port, Δrp on the RX port of its latency pg_id), sequence errors (Δ `er`), and
/// the trial's histogram summarised:
/// - method hdrh when TRex gives `lat.hdrh` (TRex runs with --hdrh): the difference
///   of the decoded cumulative histograms, kept encoded in `hdrh`;
/// - else method buckets: the difference of the decade histograms, with TRex's
///   total_min/total_max (cumulative over the pg_id's life: a `latency_buckets`
///   note says so).
/// The bucket difference is kept in `buckets` either way. A pg_id re-created during
/// the trial (ver_id changed) is counted from its new start, with a
/// `latency_restarted` note; an hdrh TRex sent that cannot be decoded or subtracted
/// falls back to buckets with a `latency_hdrh_invalid` note. Appends notes to
/// `notes`. Throws MeasurementError when a latency pg_id is missing from a
/// snapshot or its frame counters went backwards.
std::vector<measure::DirectionLatency> count_latency(std::span<const TrafficDirection> directions,
                                                     const StatsSnapshot& baseline,
                                                     const StatsSnapshot& final,
                                                     std::vector<measure::TrialNote>& notes);

/// The latency pg_ids of the directions, in direction order.
std::vector<std::uint32_t> latency_pg_ids(std::span<const TrafficDirection> directions);

/// The directions as their latency streams: the same ports, the latency pg_id as
/// pg_id (to reuse the flow_stats settling checks).
std::vector<TrafficDirection> latency_directions(std::span<const TrafficDirection> directions);

/// Port counting in a latency trial: takes each latency stream's frames out of its
/// direction's port counts (offered -= its sent, received -= its received), so the
/// main counts are the main traffic's only.
void subtract_latency_frames(std::span<measure::DirectionCounts> counts,
                             std::span<const measure::DirectionLatency> latency);

}  // namespace trexsearch::trex
