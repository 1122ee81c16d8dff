#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace trexsearch::trex::emu {

/// Bytes TRex needs after the L4 header of a latency frame: its 16-byte trailer
/// (`flow_stat_payload_header`, trex-flowstats-latency.md §1.1).
inline constexpr std::size_t latency_trailer_bytes = 16;

/// The L4 payload bytes of a frame (without FCS, zero-padded to 60 as TRex stores
/// it) the way TRex's CFlowStatParser::get_payload_len counts them: after Ethernet,
/// VLAN tags, IPv4 (IHL) or IPv6 (with hop-by-hop, routing and destination-options
/// headers), and UDP/ICMP (8 bytes) or TCP (data offset) headers; other IP protocols
/// have no L4 header, and a non-IP frame's payload is everything after Ethernet.
/// None where TRex fails ("Failed getting payload len"): a TCP header past the
/// frame's end, or no payload byte left.
std::optional<std::size_t> l4_payload_bytes(std::string_view packet);

}  // namespace trexsearch::trex::emu
