#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trex_client/api/stream_spec.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// Which counters a trial's frame counts come from.
enum class CounterSource {
  /// Per stream (TRex flow_stats, one `stats` pg_id per direction): frames the SUT
  /// sends itself (ARP, LLDP, STP, keepalives) never count. The default.
  flow_stats,
  /// Port counters (opackets/ipackets): for ports without flow_stats support; every
  /// frame the SUT sends to a receiving port counts as received.
  port,
};

/// "flow_stats" or "port".
const char* to_string(CounterSource source);

/// A direction's latency stream (rule type "latency", trex-flowstats-latency.md §2).
struct LatencyStreamRef {
  /// Its latency pg_id (never one of the main streams' pg_ids).
  std::uint32_t pg_id = 0;
  /// Its fixed rate [frames/s].
  double rate_pps = 0.0;
};

/// One direction of traffic: sent on `tx_port`, received on `rx_port` via the SUT.
struct TrafficDirection {
  std::uint8_t tx_port = 0;
  std::uint8_t rx_port = 1;
  /// The flow_stats pg_id every stream of this direction carries; absent when
  /// counting with port counters.
  std::optional<std::uint32_t> pg_id;
  /// Present when the profile has latency streams.
  std::optional<LatencyStreamRef> latency = std::nullopt;

  /// "0->1".
  std::string name() const;
};

/// The TRex profile (`profile_id`) of the main streams: TRex's default one.
inline constexpr const char* main_profile_id = "_";
/// The TRex profile the latency streams live in: started next to the main profile
/// in latency trials only, never in plain ones, and alone when the load is just
/// the latency rate (TRex cannot scale a profile's variable part to zero).
inline constexpr const char* latency_profile_id = "latency";

/// The streams to load on one port, in one TRex profile.
struct PortStreams {
  std::uint8_t port_id = 0;
  std::vector<StreamSpec> streams;
  std::string profile_id = main_profile_id;
};

/// A profile turned into what TRex needs: streams per transmitting port (packet bytes
/// and field-engine program built here) and the directions a trial measures.
struct CompiledProfile {
  std::vector<TrafficDirection> directions;
  /// Main streams (profile "_") first, then the latency streams (profile "latency").
  std::vector<PortStreams> ports;

  /// True when every direction has a latency stream.
  bool has_latency() const;

  /// Every port the profile uses (transmitting or receiving), ascending.
  std::vector<std::uint8_t> all_ports() const;
};

/// Throws ConfigError naming the field for anything TRex or the builder would
/// refuse: no port pairs, a port used twice, frame sizes outside 64..9000 or too small
/// for the headers, zero weights, flows that overflow their field, IPv6 with software
/// checksums, and a latency section TRex would refuse (validate_latency); for TRex
/// streams, what a trial cannot run of them (validate_native_streams).
void validate_profile(const TrafficProfile& profile);

/// The pg_id of the `index`-th direction (in CompiledProfile::directions order) when
/// counting per stream: 1, 2, ... (latency streams use LatencySpec::pg_id_base and up).
std::uint32_t stats_pg_id(std::size_t direction_index);

/// Validates and compiles. Each frame size of the mix becomes one continuous stream
/// whose base rate is its weight [pps], so that start_traffic's pps multiplier (the
/// port's total) splits the packets by weight. The reverse direction of a
/// bidirectional pair mirrors addresses, ports and varied fields. With
/// CounterSource::flow_stats every stream of a direction carries that direction's
/// `stats` pg_id (the streams of an IMIX share it; TRex sums them). A latency section
/// adds one latency stream per direction in the "latency" TRex profile of its
/// transmitting port (latency_streams.hpp), whatever the counter source. A profile of
/// TRex streams sends each port's streams as given (native_streams_for); counting
/// them per stream needs an IP header in each packet (check_native_flow_stats).
CompiledProfile compile_profile(const TrafficProfile& profile,
                                CounterSource counters = CounterSource::flow_stats);

/// The headers and flows of the reverse direction: source and destination swapped.
HeaderStack mirror(const HeaderStack& headers);
/// The reverse direction's varied fields: sources become destinations, except VXLAN's
/// outer UDP ports, which stay (the reverse tunnel goes to port 4789 too).
FlowSpec mirror(const FlowSpec& flows, const HeaderStack& headers);

}  // namespace trexsearch::trex
