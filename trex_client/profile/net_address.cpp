#include "trex_client/profile/net_address.hpp"

#include <cstdio>
#include <vector>

namespace trexsearch::trex {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

std::optional<MacAddress> parse_mac(std::string_view text) {
  if (text.size() != 17) return std::nullopt;
  const char separator = text[2];
  if (separator != ':' && separator != '-') return std::nullopt;
  MacAddress mac{};
  for (std::size_t i = 0; i < 6; ++i) {
    const int high = hex_digit(text[i * 3]);
    const int low = hex_digit(text[i * 3 + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    if (i < 5 && text[i * 3 + 2] != separator) return std::nullopt;
    mac[i] = static_cast<std::uint8_t>(high * 16 + low);
  }
  return mac;
}

std::optional<Ipv4Address> parse_ipv4(std::string_view text) {
  const std::vector<std::string_view> parts = split(text, '.');
  if (parts.size() != 4) return std::nullopt;
  std::uint32_t value = 0;
  for (std::string_view part : parts) {
    if (part.empty() || part.size() > 3) return std::nullopt;
    if (part.size() > 1 && part[0] == '0') return std::nullopt;
    unsigned octet = 0;
    for (char c : part) {
      if (c < '0' || c > '9') return std::nullopt;
      octet = octet * 10 + static_cast<unsigned>(c - '0');
    }
    if (octet > 255) return std::nullopt;
    value = (value << 8) | octet;
  }
  return Ipv4Address{value};
}

std::optional<Ipv6Address> parse_ipv6(std::string_view text) {
  // Split at "::" (at most once) into a head and a tail of 16-bit groups.
  const std::size_t gap = text.find("::");
  if (gap != std::string_view::npos && text.find("::", gap + 1) != std::string_view::npos) {
    return std::nullopt;
  }
  auto parse_groups = [](std::string_view part, std::vector<std::uint8_t>& bytes,
                         bool allow_v4_tail) -> bool {
    if (part.empty()) return true;
    const std::vector<std::string_view> groups = split(part, ':');
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const std::string_view group = groups[i];
      if (allow_v4_tail && i + 1 == groups.size() && group.find('.') != std::string_view::npos) {
        const std::optional<Ipv4Address> v4 = parse_ipv4(group);
        if (!v4) return false;
        for (int shift = 24; shift >= 0; shift -= 8) {
          bytes.push_back(static_cast<std::uint8_t>((v4->value >> shift) & 0xFF));
        }
        continue;
      }
      if (group.empty() || group.size() > 4) return false;
      unsigned value = 0;
      for (char c : group) {
        const int d = hex_digit(c);
        if (d < 0) return false;
        value = value * 16 + static_cast<unsigned>(d);
      }
      bytes.push_back(static_cast<std::uint8_t>(value >> 8));
      bytes.push_back(static_cast<std::uint8_t>(value & 0xFF));
    }
    return true;
  };
  std::vector<std::uint8_t> head;
  std::vector<std::uint8_t> tail;
  if (gap == std::string_view::npos) {
    if (!parse_groups(text, head, true) || head.size() != 16) return std::nullopt;
  } else {
    if (!parse_groups(text.substr(0, gap), head, false)) return std::nullopt;
    if (!parse_groups(text.substr(gap + 2), tail, true)) return std::nullopt;
    if (head.size() + tail.size() > 14) return std::nullopt;
  }
  Ipv6Address address{};
  for (std::size_t i = 0; i < head.size(); ++i) address[i] = head[i];
  for (std::size_t i = 0; i < tail.size(); ++i) address[16 - tail.size() + i] = tail[i];
  return address;
}

std::string to_string(const MacAddress& mac) {
  char text[18];
  std::snprintf(text, sizeof text, "%02x:%02x:%02x:%02x:%02x:%02x", mac[0], mac[1], mac[2], mac[3],
                mac[4], mac[5]);
  return text;
}

std::string to_string(Ipv4Address address) {
  return std::to_string(address.value >> 24) + "." + std::to_string((address.value >> 16) & 0xFF) +
         "." + std::to_string((address.value >> 8) & 0xFF) + "." +
         std::to_string(address.value & 0xFF);
}

}  // namespace trexsearch::trex
