#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace trexsearch::trex {

/// A 48-bit Ethernet address.
using MacAddress = std::array<std::uint8_t, 6>;
/// A 128-bit IPv6 address in network order.
using Ipv6Address = std::array<std::uint8_t, 16>;

/// An IPv4 address as a host-order integer (16.0.0.1 -> 0x10000001, as TRex's VM takes it).
struct Ipv4Address {
  std::uint32_t value = 0;
  friend bool operator==(Ipv4Address, Ipv4Address) = default;
};

/// "aa:bb:cc:dd:ee:ff" (or with '-'); nothing when malformed.
std::optional<MacAddress> parse_mac(std::string_view text);
/// Dotted quad; nothing when malformed (leading zeros and out-of-range octets rejected).
std::optional<Ipv4Address> parse_ipv4(std::string_view text);
/// RFC 4291 text form including "::" compression and an embedded dotted quad.
std::optional<Ipv6Address> parse_ipv6(std::string_view text);

std::string to_string(const MacAddress& mac);
std::string to_string(Ipv4Address address);
/// RFC 5952 text (inet_ntop): lower case, the longest run of zeros as "::".
std::string to_string(const Ipv6Address& address);

}  // namespace trexsearch::trex
