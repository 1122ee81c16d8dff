#include "trex_client/profile/packet_builder.hpp"

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

constexpr std::uint32_t fcs_bytes = 4;
constexpr std::uint8_t ip_proto_udp = 17;
constexpr std::uint8_t ip_proto_tcp = 6;

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
  layout.l2_len =
      static_cast<std::uint16_t>(14 + (headers.vlan ? 4 : 0) + (headers.outer_vlan ? 4 : 0));
  layout.ipv6 = std::holds_alternative<Ipv6Header>(headers.ip);
  layout.l3_len = layout.ipv6 ? 40 : 20;
  layout.tcp = headers.tcp.has_value();
  return layout;
}

std::uint32_t min_frame_size(const HeaderStack& headers) {
  return layout_of(headers).headers_len() + fcs_bytes;
}

std::string build_packet(const HeaderStack& headers, std::uint32_t frame_size,
                         ChecksumMode checksum) {
  const PacketLayout layout = layout_of(headers);
  if (frame_size < min_frame_size(headers)) {
    throw measure::ConfigError("frame_size", std::to_string(frame_size),
                               "too small for the headers: needs at least " +
                                   std::to_string(min_frame_size(headers)) + " bytes");
  }
  std::string bytes(frame_size - fcs_bytes, '\0');

  // Ethernet: absent addresses stay zero; TRex then uses the port's (flags = 0).
  if (headers.ethernet.dst) put_bytes(bytes, 0, *headers.ethernet.dst);
  if (headers.ethernet.src) put_bytes(bytes, 6, *headers.ethernet.src);
  std::size_t offset = 12;
  if (headers.outer_vlan) {
    put16(bytes, offset, 0x88A8);
    put16(
        bytes, offset + 2,
        static_cast<std::uint16_t>((headers.outer_vlan->priority << 13) | headers.outer_vlan->id));
    offset += 4;
  }
  if (headers.vlan) {
    put16(bytes, offset, 0x8100);
    put16(bytes, offset + 2,
          static_cast<std::uint16_t>((headers.vlan->priority << 13) | headers.vlan->id));
    offset += 4;
  }
  put16(bytes, offset, layout.ipv6 ? 0x86DD : 0x0800);

  const std::size_t l3 = layout.l3_offset();
  const std::size_t l4 = layout.l4_offset();
  const auto l4_len = static_cast<std::uint16_t>(bytes.size() - l4);
  const std::uint8_t protocol = headers.tcp ? ip_proto_tcp : ip_proto_udp;
  if (const auto& tcp = headers.tcp) {
    put16(bytes, l4, tcp->src_port);
    put16(bytes, l4 + 2, tcp->dst_port);
    put32(bytes, l4 + 4, tcp->seq);
    put32(bytes, l4 + 8, tcp->ack);
    bytes[l4 + 12] = 0x50;  // data offset: 5 words, no options
    bytes[l4 + 13] = static_cast<char>(tcp->flags);
    put16(bytes, l4 + 14, tcp->window);
  } else {
    put16(bytes, l4, headers.udp.src_port);
    put16(bytes, l4 + 2, headers.udp.dst_port);
    put16(bytes, l4 + 4, l4_len);
  }

  // L4 checksum pseudo-header sum: addresses, protocol, L4 length.
  std::uint32_t pseudo = protocol + l4_len;
  if (const auto* v4 = std::get_if<Ipv4Header>(&headers.ip)) {
    bytes[l3] = 0x45;
    bytes[l3 + 1] = static_cast<char>(v4->dscp << 2);
    put16(bytes, l3 + 2, static_cast<std::uint16_t>(bytes.size() - l3));
    put16(bytes, l3 + 4, 1);  // identification
    bytes[l3 + 8] = static_cast<char>(v4->ttl);
    bytes[l3 + 9] = static_cast<char>(protocol);
    put32(bytes, l3 + 12, v4->src.value);
    put32(bytes, l3 + 16, v4->dst.value);
    put16(bytes, l3 + 10, internet_checksum(std::string_view(bytes).substr(l3, 20)));
    pseudo += partial_sum(std::string_view(bytes).substr(l3 + 12, 8));
  } else {
    const auto& v6 = std::get<Ipv6Header>(headers.ip);
    put32(bytes, l3, (6u << 28) | (static_cast<std::uint32_t>(v6.traffic_class) << 20));
    put16(bytes, l3 + 4, l4_len);
    bytes[l3 + 6] = static_cast<char>(protocol);
    bytes[l3 + 7] = static_cast<char>(v6.hop_limit);
    put_bytes(bytes, l3 + 8, v6.src);
    put_bytes(bytes, l3 + 24, v6.dst);
    pseudo += partial_sum(std::string_view(bytes).substr(l3 + 8, 32));
  }
  if (layout.tcp) {
    put16(bytes, l4 + 16, internet_checksum(std::string_view(bytes).substr(l4), pseudo));
  } else if (layout.ipv6 || checksum == ChecksumMode::hardware) {
    std::uint16_t sum = internet_checksum(std::string_view(bytes).substr(l4), pseudo);
    // A computed 0 is sent as 0xFFFF: 0 means "no checksum" (RFC 768, RFC 8200).
    if (sum == 0) sum = 0xFFFF;
    put16(bytes, l4 + 6, sum);
  }
  return bytes;
}

}  // namespace trexsearch::trex
