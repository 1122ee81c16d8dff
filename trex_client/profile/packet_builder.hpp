#pragma once

#include <cstdint>
#include <string>

#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// Where the headers of a built packet are: the field engine writes at these offsets.
struct PacketLayout {
  /// 14, 18 with an 802.1Q tag, 22 with QinQ.
  std::uint16_t l2_len = 14;
  /// 20 (IPv4) or 40 (IPv6).
  std::uint16_t l3_len = 20;
  bool ipv6 = false;
  /// TCP (20-byte header) instead of UDP (8).
  bool tcp = false;
  std::uint16_t l3_offset() const { return l2_len; }
  std::uint16_t l4_offset() const { return static_cast<std::uint16_t>(l2_len + l3_len); }
  std::uint16_t ip_src_offset() const {
    return static_cast<std::uint16_t>(l2_len + (ipv6 ? 8 : 12));
  }
  std::uint16_t ip_dst_offset() const {
    return static_cast<std::uint16_t>(l2_len + (ipv6 ? 24 : 16));
  }
  std::uint16_t udp_src_offset() const { return l4_offset(); }
  std::uint16_t udp_dst_offset() const { return static_cast<std::uint16_t>(l4_offset() + 2); }
  /// Bytes of all headers (Ethernet [+ VLAN] + IP + UDP or TCP).
  std::uint16_t headers_len() const {
    return static_cast<std::uint16_t>(l4_offset() + (tcp ? 20 : 8));
  }
};

/// The layout a header stack produces.
PacketLayout layout_of(const HeaderStack& headers);

/// Smallest frame size (with FCS) that holds the headers [bytes].
std::uint32_t min_frame_size(const HeaderStack& headers);

/// The frame bytes without FCS (frame_size - 4 of them): headers, zero payload, IPv4
/// header checksum and UDP checksum (0 for IPv4 with software checksum mode, which
/// RFC 768 reads as "no checksum"), or a TCP header with its checksum (always: TCP's
/// is mandatory). Throws ConfigError ("frame_size") when the frame
/// cannot hold the headers.
std::string build_packet(const HeaderStack& headers, std::uint32_t frame_size,
                         ChecksumMode checksum);

/// What follows a frame's Ethernet header and at most two VLAN tags (802.1Q, 802.1ad,
/// 0x9100): the EtherType there (0x0800 IPv4, 0x86dd IPv6, 0 when the frame ends
/// first) and the offset of what it types. What TRex's per-stream counters look past.
struct EtherPayload {
  std::uint16_t ether_type = 0;
  std::size_t offset = 14;
};
EtherPayload ether_payload(std::string_view frame);

/// RFC 1071 one's-complement sum folded to 16 bits, complemented.
std::uint16_t internet_checksum(std::string_view bytes, std::uint32_t initial_sum = 0);

}  // namespace trexsearch::trex
