#pragma once

#include <cstdint>
#include <string>

namespace trexsearch::trex {

/// A port's state as `get_port_status` reports it (trex-protocol.md §3.1).
enum class PortState { down, idle, streams, tx, pause, pcap_tx, other };

/// TRex's spelling: "DOWN", "IDLE", "STREAMS", "TX", "PAUSE", "PCAP_TX", "OTHER".
const char* to_string(PortState state);

/// Parses TRex's spelling; anything unknown (ASTF states) is PortState::other.
PortState port_state_from_string(const std::string& text);

/// True while the port sends traffic (TX, PAUSE or PCAP_TX): the client must wait.
bool is_active(PortState state);

/// Result of `get_port_status` (the fields a client acts on).
struct PortStatus {
  std::uint8_t port_id = 0;
  /// User owning the port; empty when free.
  std::string owner;
  PortState state = PortState::idle;
  /// TRex's text for the state, kept for messages about unknown states.
  std::string state_text;
  bool service_mode = false;
  bool link_up = true;
  /// `attr.layer_cfg.ether.state` ("configured" / "unconfigured") and
  /// `attr.layer_cfg.ipv4.state` ("none" / "resolved" / "unresolved"); empty when
  /// TRex did not say.
  std::string ether_state;
  std::string ipv4_state;
  /// Link speed from `attr.speed` [Gb/s].
  double speed_gbps = 0.0;
  /// Highest stream id on the port (0 when none).
  std::uint32_t max_stream_id = 0;
};

/// TRex's L3 mode: the port has an IPv4 configuration (`layer_cfg.ipv4.state` other
/// than "none"); L2 mode otherwise.
bool l3_mode(const PortStatus& status);

/// Whether the port has a destination MAC for streams that take it from the port,
/// as TRex's Python client decides (trex-protocol.md §2.3): in L3 mode (an IPv4
/// state other than "none") unless "unresolved", in L2 mode unless the ether
/// state is "unconfigured". True when TRex did not say.
bool destination_resolved(const PortStatus& status);

}  // namespace trexsearch::trex
