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

/// One direction of traffic: sent on `tx_port`, received on `rx_port` via the SUT.
struct TrafficDirection {
  std::uint8_t tx_port = 0;
  std::uint8_t rx_port = 1;
  /// The flow_stats pg_id every stream of this direction carries; absent when
  /// counting with port counters.
  std::optional<std::uint32_t> pg_id;

  /// "0->1".
  std::string name() const;
};

/// The streams to load on one port.
struct PortStreams {
  std::uint8_t port_id = 0;
  std::vector<StreamSpec> streams;
};

/// A profile turned into what TRex needs: streams per transmitting port (packet bytes
/// and field-engine program built here) and the directions a trial measures.
struct CompiledProfile {
  std::vector<TrafficDirection> directions;
  std::vector<PortStreams> ports;

  /// Every port the profile uses (transmitting or receiving), ascending.
  std::vector<std::uint8_t> all_ports() const;
};

/// Throws ConfigError naming the field for anything TRex or the builder would
/// refuse: no port pairs, a port used twice, frame sizes outside 64..9000 or too small
/// for the headers, zero weights, flows that overflow their field, IPv6 with software
/// checksums.
void validate_profile(const TrafficProfile& profile);

/// The pg_id of the `index`-th direction (in CompiledProfile::directions order) when
/// counting per stream: 1, 2, ... (latency streams will use 0x100 and up).
std::uint32_t stats_pg_id(std::size_t direction_index);

/// Validates and compiles. Each frame size of the mix becomes one continuous stream
/// whose base rate is its weight [pps], so that start_traffic's pps multiplier (the
/// port's total) splits the packets by weight. The reverse direction of a
/// bidirectional pair mirrors addresses, ports and varied fields. With
/// CounterSource::flow_stats every stream of a direction carries that direction's
/// `stats` pg_id (the streams of an IMIX share it; TRex sums them).
CompiledProfile compile_profile(const TrafficProfile& profile,
                                CounterSource counters = CounterSource::flow_stats);

/// The headers and flows of the reverse direction: source and destination swapped.
HeaderStack mirror(const HeaderStack& headers);
FlowSpec mirror(const FlowSpec& flows);

}  // namespace trexsearch::trex
