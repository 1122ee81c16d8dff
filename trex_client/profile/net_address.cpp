#include "trex_client/profile/net_address.hpp"

#include <arpa/inet.h>

#include <array>
#include <cstdio>
#include <string>

namespace trexsearch::trex {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
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

// inet_pton, not a parser of our own (issue #15 item 9): it is the C library's
// reading of RFC 791/4291 text, the same the kernel tools use. It needs a NUL-
// terminated string; an embedded NUL can then not cut the text short unseen.
template <int Family, std::size_t Bytes>
std::optional<std::array<std::uint8_t, Bytes>> pton(std::string_view text) {
  if (text.find('\0') != std::string_view::npos || text.size() > 64) return std::nullopt;
  const std::string terminated(text);
  std::array<std::uint8_t, Bytes> bytes{};
  if (::inet_pton(Family, terminated.c_str(), bytes.data()) != 1) return std::nullopt;
  return bytes;
}

std::optional<Ipv4Address> parse_ipv4(std::string_view text) {
  // glibc's inet_pton takes exactly four decimal octets 0..255, no leading zeros.
  const auto bytes = pton<AF_INET, 4>(text);
  if (!bytes) return std::nullopt;
  std::uint32_t value = 0;
  for (const std::uint8_t byte : *bytes) value = (value << 8) | byte;
  return Ipv4Address{value};
}

std::optional<Ipv6Address> parse_ipv6(std::string_view text) {
  const auto bytes = pton<AF_INET6, 16>(text);
  if (!bytes) return std::nullopt;
  Ipv6Address address{};
  for (std::size_t i = 0; i < address.size(); ++i) address[i] = (*bytes)[i];
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

std::string to_string(const Ipv6Address& address) {
  char text[INET6_ADDRSTRLEN];
  // Cannot fail: the buffer fits every address and the family is AF_INET6.
  inet_ntop(AF_INET6, address.data(), text, sizeof text);
  return text;
}

}  // namespace trexsearch::trex
