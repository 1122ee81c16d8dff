#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// Where one IP packet's headers are in a frame: the outer (or only) one, or a
/// tunnel's inner one.
struct IpLayout {
  std::uint16_t l3_offset = 14;
  bool ipv6 = false;
  /// TCP (20-byte header) instead of UDP (8) after the IP header.
  bool tcp = false;
  std::uint16_t l3_len() const { return ipv6 ? 40 : 20; }
  std::uint16_t l4_offset() const { return static_cast<std::uint16_t>(l3_offset + l3_len()); }
  std::uint16_t src_offset() const {
    return static_cast<std::uint16_t>(l3_offset + (ipv6 ? 8 : 12));
  }
  std::uint16_t dst_offset() const {
    return static_cast<std::uint16_t>(l3_offset + (ipv6 ? 24 : 16));
  }
  /// TCP's ports sit where UDP's do.
  std::uint16_t src_port_offset() const { return l4_offset(); }
  std::uint16_t dst_port_offset() const { return static_cast<std::uint16_t>(l4_offset() + 2); }
};

/// Where the headers of a built packet are: the field engine writes at these offsets.
struct PacketLayout {
  /// Bytes before the outer IP header: 14, 18 with an 802.1Q tag, 22 with QinQ, and 4
  /// more per MPLS label (what fix_checksum_hw calls the L2 length).
  std::uint16_t l2_len = 14;
  /// 20 (IPv4) or 40 (IPv6).
  std::uint16_t l3_len = 20;
  bool ipv6 = false;
  /// TCP (20-byte header) instead of UDP (8).
  bool tcp = false;
  /// Bytes from the outer L4 header to what it carries: UDP 8, TCP 20, VXLAN's UDP and
  /// VXLAN headers 16, GRE 4 (8 with a key).
  std::uint16_t l4_len = 8;
  /// A tunnel's inner IP packet.
  std::optional<IpLayout> inner;

  IpLayout outer() const { return {l2_len, ipv6, tcp}; }
  std::uint16_t l3_offset() const { return l2_len; }
  std::uint16_t l4_offset() const { return static_cast<std::uint16_t>(l2_len + l3_len); }
  std::uint16_t ip_src_offset() const { return outer().src_offset(); }
  std::uint16_t ip_dst_offset() const { return outer().dst_offset(); }
  std::uint16_t udp_src_offset() const { return l4_offset(); }
  std::uint16_t udp_dst_offset() const { return static_cast<std::uint16_t>(l4_offset() + 2); }
  /// Bytes of all headers, the tunnel's inner ones included.
  std::uint16_t headers_len() const {
    if (inner) return static_cast<std::uint16_t>(inner->l4_offset() + (inner->tcp ? 20 : 8));
    return static_cast<std::uint16_t>(l4_offset() + l4_len);
  }
};

/// The layout a header stack produces.
PacketLayout layout_of(const HeaderStack& headers);

/// Smallest frame size (with FCS) that holds the headers [bytes].
std::uint32_t min_frame_size(const HeaderStack& headers);

/// The frame bytes without FCS (frame_size - 4 of them): headers, zero payload, IPv4
/// header checksum and UDP checksum (0 for IPv4 with software checksum mode, which
/// RFC 768 reads as "no checksum"), or a TCP header with its checksum (always: TCP's
/// is mandatory). With a tunnel, these rules hold for the inner packet; the outer IPv4
/// header checksum is filled, VXLAN's outer UDP checksum is 0 (RFC 7348 section 5:
/// "SHOULD be transmitted as zero") and GRE carries none. Throws ConfigError
/// ("frame_size") when the frame cannot hold the headers.
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
