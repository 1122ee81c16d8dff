#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "measure/direction_counts.hpp"
#include "measure/units.hpp"
#include "trex_client/api/port_counters.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::trex {

/// Frames a direction should send at `load_pps` for `duration`: ceil((duration -
/// tolerance) * load), CSIT's formula (trex-flowstats-latency.md §3.4).
std::int64_t intended_frames(double load_pps, measure::Seconds duration,
                             measure::Seconds tolerance);

/// Each direction's counts between two snapshots, from the pg_id's per-stream
/// counters (flow_stats: Δtp on the TX port, Δrp on the RX port) or the port
/// counters (Δopackets, Δipackets). Throws MeasurementError when a counter went
/// backwards or a pg_id vanished or was re-created during the trial: the counts
/// would be wrong.
std::vector<measure::DirectionCounts> count_directions(std::span<const TrafficDirection> directions,
                                                       CounterSource source,
                                                       const StatsSnapshot& baseline,
                                                       const StatsSnapshot& final,
                                                       std::int64_t intended_per_direction);

/// Frames the receiving ports got beyond the streams' own (ipackets minus the
/// per-stream count): what the SUT sent by itself. 0 for port counting.
std::int64_t foreign_rx_frames(std::span<const TrafficDirection> directions, CounterSource source,
                               const StatsSnapshot& baseline, const StatsSnapshot& final,
                               std::span<const measure::DirectionCounts> counts);

/// Whether two settle reads agree on everything a trial counts (port and pg_id
/// counters): in-flight frames have arrived.
bool counters_settled(const StatsSnapshot& a, const StatsSnapshot& b);

/// Whether every direction has received all it sent (per stream only): nothing can
/// still be in flight, so settling needs no second read.
bool all_received(std::span<const TrafficDirection> directions, const StatsSnapshot& baseline,
                  const StatsSnapshot& current);

/// Whether every direction's stream has sent at least `intended_per_direction` frames
/// since `baseline` (per-stream TX counts): TRex's TX is over by TRex's own count,
/// which it reports milliseconds before its port state leaves TX. False when a pg_id
/// is missing or was re-created (count_directions reports that).
bool all_sent(std::span<const TrafficDirection> directions, const StatsSnapshot& baseline,
              const StatsSnapshot& current, std::int64_t intended_per_direction);

/// Frames `direction`'s main streams sent between two snapshots: Δtp of its pg_id, or
/// with port counters Δopackets of its TX port, less its latency stream's Δtp when
/// `minus_latency` (a latency trial). 0 where a counter is missing or went backwards
/// (count_directions reports those). What TxEndJudge judges the tester's pace by.
std::int64_t main_frames_sent(const TrafficDirection& direction, CounterSource source,
                              const StatsSnapshot& baseline, const StatsSnapshot& current,
                              bool minus_latency);

}  // namespace trexsearch::trex
