#include "trex_client/profile/packet_builder.hpp"

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

constexpr std::uint32_t fcs_bytes = 4;
constexpr std::uint8_t ip_proto_udp = 17;
constexpr std::uint8_t ip_proto_tcp = 6;
constexpr std::uint8_t ip_proto_gre = 47;
constexpr std::uint16_t mpls_unicast = 0x8847;

void put16(std::string& bytes, std::size_t offset, std::uint16_t value) {
  bytes[offset] = static_cast<char>(value >> 8);
  bytes[offset + 1] = static_cast<char>(value & 0xFF);
}

void put32(std::string& bytes, std::size_t offset, std::uint32_t value) {
  put16(bytes, offset, static_cast<std::uint16_t>(value >> 16));
  put16(bytes, offset + 2, static_cast<std::uint16_t>(value & 0xFFFF));
}

template <std::size_t N>
void put_bytes(std::string& bytes, std::size_t offset, const std::array<std::uint8_t, N>& data) {
  for (std::size_t i = 0; i < N; ++i) bytes[offset + i] = static_cast<char>(data[i]);
}

std::uint32_t partial_sum(std::string_view bytes) {
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
    sum += (static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i])) << 8) |
           static_cast<std::uint8_t>(bytes[i + 1]);
  }
  if (bytes.size() % 2 == 1) {
    sum += static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes.back())) << 8;
  }
  return sum;
}

}  // namespace

EtherPayload ether_payload(std::string_view frame) {
  const auto u16 = [&frame](std::size_t at) -> std::uint16_t {
    if (at + 2 > frame.size()) return 0;
    return static_cast<std::uint16_t>((static_cast<std::uint8_t>(frame[at]) << 8U) |
                                      static_cast<std::uint8_t>(frame[at + 1]));
  };
  EtherPayload payload{u16(12), 14};
  for (int tags = 0; tags < 2 && (payload.ether_type == 0x8100 || payload.ether_type == 0x88a8 ||
                                  payload.ether_type == 0x9100);
       ++tags) {
    payload.ether_type = u16(payload.offset + 2);
    payload.offset += 4;
  }
  return payload;
}

std::uint16_t internet_checksum(std::string_view bytes, std::uint32_t initial_sum) {
  std::uint64_t sum = initial_sum;
  sum += partial_sum(bytes);
  while ((sum >> 16) != 0) sum = (sum & 0xFFFF) + (sum >> 16);
  return static_cast<std::uint16_t>(~sum & 0xFFFF);
}

PacketLayout layout_of(const HeaderStack& headers) {
  PacketLayout layout;
  layout.l2_len = static_cast<std::uint16_t>(
      14 + (headers.vlan ? 4 : 0) + (headers.outer_vlan ? 4 : 0) + 4 * headers.mpls.size());
  layout.ipv6 = std::holds_alternative<Ipv6Header>(headers.ip);
  layout.l3_len = layout.ipv6 ? 40 : 20;
  layout.tcp = headers.tcp.has_value() && !headers.tunnel;
  layout.l4_len = layout.tcp ? 20 : 8;
  if (!headers.tunnel) return layout;
  const InnerHeaders& inner = headers.tunnel->inner;
  if (const auto* gre = std::get_if<GreHeader>(&headers.tunnel->encap)) {
    layout.l4_len = gre->key ? 8 : 4;
  } else {
    layout.l4_len = 16;  // UDP + VXLAN
  }
  IpLayout in;
  in.l3_offset = static_cast<std::uint16_t>(layout.l4_offset() + layout.l4_len +
                                            (inner.ethernet ? 14 + (inner.vlan ? 4 : 0) : 0));
  in.ipv6 = std::holds_alternative<Ipv6Header>(inner.ip);
  in.tcp = inner.tcp.has_value();
  layout.inner = in;
  return layout;
}

std::uint32_t min_frame_size(const HeaderStack& headers) {
  return layout_of(headers).headers_len() + fcs_bytes;
}

namespace {

std::uint16_t ether_type_of(const std::variant<Ipv4Header, Ipv6Header>& ip) {
  return std::holds_alternative<Ipv6Header>(ip) ? 0x86DD : 0x0800;
}

void put_tag(std::string& bytes, std::size_t offset, std::uint16_t tpid, const VlanTag& tag) {
  put16(bytes, offset, tpid);
  put16(bytes, offset + 2, static_cast<std::uint16_t>((tag.priority << 13) | tag.id));
}

// Ethernet addresses, tags and the EtherType; the offset after them. Absent addresses
// stay zero; for the outer frame TRex then uses the port's (flags = 0).
std::size_t put_ethernet(std::string& bytes, std::size_t offset, const EthernetHeader& ethernet,
                         const std::optional<VlanTag>& outer_vlan,
                         const std::optional<VlanTag>& vlan, std::uint16_t ether_type) {
  if (ethernet.dst) put_bytes(bytes, offset, *ethernet.dst);
  if (ethernet.src) put_bytes(bytes, offset + 6, *ethernet.src);
  offset += 12;
  if (outer_vlan) {
    put_tag(bytes, offset, 0x88A8, *outer_vlan);
    offset += 4;
  }
  if (vlan) {
    put_tag(bytes, offset, 0x8100, *vlan);
    offset += 4;
  }
  put16(bytes, offset, ether_type);
  return offset + 2;
}

// An IP header at `l3` whose packet runs to the frame's end, with its IPv4 header
// checksum; returns the sum of the L4 checksum's pseudo-header.
std::uint32_t put_ip(std::string& bytes, std::size_t l3,
                     const std::variant<Ipv4Header, Ipv6Header>& ip, std::uint8_t protocol) {
  if (const auto* v4 = std::get_if<Ipv4Header>(&ip)) {
    const auto l4_len = static_cast<std::uint16_t>(bytes.size() - l3 - 20);
    bytes[l3] = 0x45;
    bytes[l3 + 1] = static_cast<char>(v4->dscp << 2);
    put16(bytes, l3 + 2, static_cast<std::uint16_t>(bytes.size() - l3));
    put16(bytes, l3 + 4, 1);  // identification
    bytes[l3 + 8] = static_cast<char>(v4->ttl);
    bytes[l3 + 9] = static_cast<char>(protocol);
    put32(bytes, l3 + 12, v4->src.value);
    put32(bytes, l3 + 16, v4->dst.value);
    put16(bytes, l3 + 10, internet_checksum(std::string_view(bytes).substr(l3, 20)));
    return protocol + l4_len + partial_sum(std::string_view(bytes).substr(l3 + 12, 8));
  }
  const auto& v6 = std::get<Ipv6Header>(ip);
  const auto l4_len = static_cast<std::uint16_t>(bytes.size() - l3 - 40);
  put32(bytes, l3, (6U << 28) | (static_cast<std::uint32_t>(v6.traffic_class) << 20));
  put16(bytes, l3 + 4, l4_len);
  bytes[l3 + 6] = static_cast<char>(protocol);
  bytes[l3 + 7] = static_cast<char>(v6.hop_limit);
  put_bytes(bytes, l3 + 8, v6.src);
  put_bytes(bytes, l3 + 24, v6.dst);
  return protocol + l4_len + partial_sum(std::string_view(bytes).substr(l3 + 8, 32));
}

// An IP packet carrying UDP or TCP from `at.l3_offset` to the frame's end, with the
// checksums the mode asks for.
void put_ip_packet(std::string& bytes, const IpLayout& at,
                   const std::variant<Ipv4Header, Ipv6Header>& ip, const UdpHeader& udp,
                   const std::optional<TcpHeader>& tcp, ChecksumMode checksum) {
  const std::size_t l4 = at.l4_offset();
  if (tcp) {
    put16(bytes, l4, tcp->src_port);
    put16(bytes, l4 + 2, tcp->dst_port);
    put32(bytes, l4 + 4, tcp->seq);
    put32(bytes, l4 + 8, tcp->ack);
    bytes[l4 + 12] = 0x50;  // data offset: 5 words, no options
    bytes[l4 + 13] = static_cast<char>(tcp->flags);
    put16(bytes, l4 + 14, tcp->window);
  } else {
    put16(bytes, l4, udp.src_port);
    put16(bytes, l4 + 2, udp.dst_port);
    put16(bytes, l4 + 4, static_cast<std::uint16_t>(bytes.size() - l4));
  }
  const std::uint32_t pseudo = put_ip(bytes, at.l3_offset, ip, tcp ? ip_proto_tcp : ip_proto_udp);
  if (tcp) {
    put16(bytes, l4 + 16, internet_checksum(std::string_view(bytes).substr(l4), pseudo));
  } else if (at.ipv6 || checksum == ChecksumMode::hardware) {
    std::uint16_t sum = internet_checksum(std::string_view(bytes).substr(l4), pseudo);
    // A computed 0 is sent as 0xFFFF: 0 means "no checksum" (RFC 768, RFC 8200).
    if (sum == 0) sum = 0xFFFF;
    put16(bytes, l4 + 6, sum);
  }
}

// The tunnel header after the outer IP header (VXLAN's UDP and VXLAN headers, or
// GRE's), and the inner packet; returns the outer IP protocol.
std::uint8_t put_tunnel(std::string& bytes, const Tunnel& tunnel, const PacketLayout& layout,
                        const UdpHeader& outer_udp, ChecksumMode checksum) {
  const InnerHeaders& inner = tunnel.inner;
  const std::size_t l4 = layout.l4_offset();
  if (inner.ethernet) {
    put_ethernet(bytes, l4 + layout.l4_len, *inner.ethernet, std::nullopt, inner.vlan,
                 ether_type_of(inner.ip));
  }
  put_ip_packet(bytes, *layout.inner, inner.ip, inner.udp, inner.tcp, checksum);
  if (const auto* vxlan = std::get_if<VxlanHeader>(&tunnel.encap)) {
    put16(bytes, l4, outer_udp.src_port);
    put16(bytes, l4 + 2, outer_udp.dst_port);
    put16(bytes, l4 + 4, static_cast<std::uint16_t>(bytes.size() - l4));
    // UDP checksum 0 (RFC 7348 section 5); flags: I, the VNI is valid.
    put32(bytes, l4 + 8, 0x08000000U);
    put32(bytes, l4 + 12, vxlan->vni << 8U);
    return ip_proto_udp;
  }
  const auto& gre = std::get<GreHeader>(tunnel.encap);
  put16(bytes, l4, gre.key ? 0x2000 : 0);  // K bit; version 0, no checksum
  put16(bytes, l4 + 2, inner.ethernet ? 0x6558 : ether_type_of(inner.ip));
  if (gre.key) put32(bytes, l4 + 4, *gre.key);
  return ip_proto_gre;
}

}  // namespace

std::string build_packet(const HeaderStack& headers, std::uint32_t frame_size,
                         ChecksumMode checksum) {
  const PacketLayout layout = layout_of(headers);
  if (frame_size < min_frame_size(headers)) {
    throw measure::ConfigError("frame_size", std::to_string(frame_size),
                               "too small for the headers: needs at least " +
                                   std::to_string(min_frame_size(headers)) + " bytes");
  }
  std::string bytes(frame_size - fcs_bytes, '\0');
  std::size_t offset =
      put_ethernet(bytes, 0, headers.ethernet, headers.outer_vlan, headers.vlan,
                   headers.mpls.empty() ? ether_type_of(headers.ip) : mpls_unicast);
  for (std::size_t i = 0; i < headers.mpls.size(); ++i) {
    const MplsLabel& entry = headers.mpls[i];
    const std::uint32_t bottom = i + 1 == headers.mpls.size() ? 1U : 0U;
    put32(bytes, offset,
          (entry.label << 12U) | (static_cast<std::uint32_t>(entry.tc) << 9U) | (bottom << 8U) |
              entry.ttl);
    offset += 4;
  }
  if (headers.tunnel) {
    put_ip(bytes, layout.l3_offset(), headers.ip,
           put_tunnel(bytes, *headers.tunnel, layout, headers.udp, checksum));
  } else {
    put_ip_packet(bytes, layout.outer(), headers.ip, headers.udp, headers.tcp, checksum);
  }
  return bytes;
}

}  // namespace trexsearch::trex
