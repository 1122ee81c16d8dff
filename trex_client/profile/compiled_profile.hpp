#pragma once

#include <cstdint>
#include <vector>

#include "trex_client/api/stream_spec.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// One direction of traffic: sent on `tx_port`, received on `rx_port` via the SUT.
struct TrafficDirection {
  std::uint8_t tx_port = 0;
  std::uint8_t rx_port = 1;
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

/// Validates and compiles. Each frame size of the mix becomes one continuous stream
/// whose base rate is its weight [pps], so that start_traffic's pps multiplier (the
/// port's total) splits the packets by weight. The reverse direction of a
/// bidirectional pair mirrors addresses, ports and varied fields.
CompiledProfile compile_profile(const TrafficProfile& profile);

/// The headers and flows of the reverse direction: source and destination swapped.
HeaderStack mirror(const HeaderStack& headers);
FlowSpec mirror(const FlowSpec& flows);

}  // namespace trexsearch::trex
