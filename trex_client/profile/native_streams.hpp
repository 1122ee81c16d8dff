#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trex_client/api/stream_spec.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

// A profile's TRex streams (`trex_streams`, docs/traffic-profiles.md "Native TRex
// streams"): what a throughput trial can run of them, and what it sends.

/// Throws ConfigError naming the stream ("trex_streams.0[2]" or "trex_streams[2]"),
/// the field and its value, and saying what to change, for what a trial of a given
/// duration and load cannot run: a transmitting port without streams, streams for a
/// port that sends nothing, burst and multi-burst modes, chains (`next`,
/// `next_stream_id`, `self_start: false`), paused, disabled and null streams, latency
/// and tpg flow-stats rules, a port mixing `percentage` rates with others, and a
/// field-engine write of a variable no earlier instruction defines or past the
/// packet's end. The port pairs must be valid already.
void validate_native_streams(const TrafficProfile& profile);

/// Throws ConfigError naming the stream when its packet has no IPv4 or IPv6 header
/// where TRex's per-stream counters (flow_stats) look for one: after Ethernet and at
/// most two VLAN tags. Says to count with port counters instead.
void check_native_flow_stats(const TrafficProfile& profile);

/// A stream's share of its port's packets [pps at multiplier 1]: its rate in pps
/// (bit rates over its frame's bits, L1 with the 20 B preamble and gap; percentages
/// over the L1 bits too, the port's speed being the same for all of them).
double native_weight_pps(const StreamSpec& stream);

/// What port `port` sends in a trial: its streams as given, each with its rate turned
/// into its pps weight (TRex's pps multiplier then sets the port's total) and with
/// `pg_id`'s `stats` rule, or no flow stats when counting with port counters.
std::vector<StreamSpec> native_streams_for(const NativeStreams& streams, std::uint8_t port,
                                           std::optional<std::uint32_t> pg_id);

/// The mean frame size of what the profile's transmitting ports send, FCS included,
/// weighted by packets (each direction carries the same load, so the mean of the
/// directions' means); the declared `mean_frame_size` when a field engine varies frame
/// sizes (trim_pkt_size), or absent when it does and none is declared.
std::optional<double> native_mean_frame_bytes(const TrafficProfile& profile);

}  // namespace trexsearch::trex
