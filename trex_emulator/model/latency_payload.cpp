#include "trex_emulator/model/latency_payload.hpp"

#include <cstdint>
#include <string>
#include <utility>

namespace trexsearch::trex::emu {
namespace {

constexpr std::size_t ethernet_bytes = 14;
constexpr std::size_t min_frame = 60;  // TRex zero-pads shorter packets

std::uint8_t byte_at(std::string_view frame, std::size_t at) {
  return static_cast<std::uint8_t>(frame[at]);
}

std::uint16_t be16(std::string_view frame, std::size_t at) {
  return static_cast<std::uint16_t>((byte_at(frame, at) << 8) | byte_at(frame, at + 1));
}

/// Where the L4 header starts and which protocol it is.
struct L4Start {
  std::size_t offset = 0;
  std::uint8_t protocol = 0;
};

/// Past the Ethernet header and any 802.1Q or QinQ tags: the L3 offset and type.
std::pair<std::size_t, std::uint16_t> l3_start(std::string_view frame) {
  std::size_t l3 = ethernet_bytes;
  std::uint16_t ether_type = be16(frame, 12);
  while ((ether_type == 0x8100 || ether_type == 0x88A8) && l3 + 4 <= frame.size()) {
    ether_type = be16(frame, l3 + 2);
    l3 += 4;
  }
  return {l3, ether_type};
}

/// Past the IPv6 header and the extension headers the parser walks: hop-by-hop 0,
/// routing 43, destination 60.
L4Start ipv6_l4(std::string_view frame, std::size_t l3) {
  L4Start l4{l3 + 40, byte_at(frame, l3 + 6)};
  while ((l4.protocol == 0 || l4.protocol == 43 || l4.protocol == 60) &&
         l4.offset + 8 <= frame.size()) {
    const std::uint8_t next = byte_at(frame, l4.offset);
    l4.offset += (static_cast<std::size_t>(byte_at(frame, l4.offset + 1)) + 1) * 8;
    l4.protocol = next;
  }
  return l4;
}

}  // namespace

std::optional<std::size_t> l4_payload_bytes(std::string_view packet) {
  std::string padded(packet);
  if (padded.size() < min_frame) padded.resize(min_frame, '\0');
  const std::string_view frame = padded;
  const std::size_t length = frame.size();

  const auto [l3, ether_type] = l3_start(frame);
  L4Start l4;
  if (ether_type == 0x0800 && l3 + 20 <= length) {
    l4 = {l3 + static_cast<std::size_t>(byte_at(frame, l3) & 0x0F) * 4, byte_at(frame, l3 + 9)};
  } else if (ether_type == 0x86DD && l3 + 40 <= length) {
    l4 = ipv6_l4(frame, l3);
  } else {
    // Not IP (or too short to be): everything after the Ethernet header.
    return length - ethernet_bytes;
  }
  std::size_t l4_header = 0;
  if (l4.protocol == 17 || l4.protocol == 1) {  // UDP, ICMP
    l4_header = 8;
  } else if (l4.protocol == 6) {  // TCP
    if (l4.offset + 20 > length) return std::nullopt;
    l4_header = static_cast<std::size_t>(byte_at(frame, l4.offset + 12) >> 4) * 4;
  }
  if (l4.offset + l4_header >= length) return std::nullopt;
  return length - l4.offset - l4_header;
}

}  // namespace trexsearch::trex::emu
