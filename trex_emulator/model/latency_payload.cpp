#include "trex_emulator/model/latency_payload.hpp"

#include <cstdint>
#include <string>

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

}  // namespace

std::optional<std::size_t> l4_payload_bytes(std::string_view packet) {
  std::string padded(packet);
  if (padded.size() < min_frame) padded.resize(min_frame, '\0');
  const std::string_view frame = padded;
  const std::size_t length = frame.size();

  std::size_t l3 = ethernet_bytes;
  std::uint16_t ether_type = be16(frame, 12);
  // 802.1Q and QinQ tags.
  while ((ether_type == 0x8100 || ether_type == 0x88A8) && l3 + 4 <= length) {
    ether_type = be16(frame, l3 + 2);
    l3 += 4;
  }
  std::size_t l4 = 0;
  std::uint8_t protocol = 0;
  if (ether_type == 0x0800 && l3 + 20 <= length) {
    l4 = l3 + static_cast<std::size_t>(byte_at(frame, l3) & 0x0F) * 4;
    protocol = byte_at(frame, l3 + 9);
  } else if (ether_type == 0x86DD && l3 + 40 <= length) {
    protocol = byte_at(frame, l3 + 6);
    l4 = l3 + 40;
    // Extension headers the parser walks: hop-by-hop 0, routing 43, destination 60.
    while ((protocol == 0 || protocol == 43 || protocol == 60) && l4 + 8 <= length) {
      const std::uint8_t next = byte_at(frame, l4);
      l4 += (static_cast<std::size_t>(byte_at(frame, l4 + 1)) + 1) * 8;
      protocol = next;
    }
  } else {
    // Not IP (or too short to be): everything after the Ethernet header.
    return length - ethernet_bytes;
  }
  std::size_t l4_header = 0;
  if (protocol == 17 || protocol == 1) {  // UDP, ICMP
    l4_header = 8;
  } else if (protocol == 6) {  // TCP
    if (l4 + 20 > length) return std::nullopt;
    l4_header = static_cast<std::size_t>(byte_at(frame, l4 + 12) >> 4) * 4;
  }
  if (l4 + l4_header >= length) return std::nullopt;
  return length - l4 - l4_header;
}

}  // namespace trexsearch::trex::emu
