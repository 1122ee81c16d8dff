#include "daemon/cpus/trex_host.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace trexsearch::service {
namespace {

IpAddress from_ipv4(const in_addr& address) {
  IpAddress ip;
  std::memcpy(ip.bytes.data(), &address, 4);
  return ip;
}

IpAddress from_ipv6(const in6_addr& address) {
  // ::ffff:a.b.c.d is the IPv4 address a.b.c.d (a dual-stack listener sees IPv4 peers so).
  static constexpr std::uint8_t kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  IpAddress ip;
  if (std::memcmp(address.s6_addr, kMapped, sizeof kMapped) == 0) {
    std::memcpy(ip.bytes.data(), address.s6_addr + 12, 4);
    return ip;
  }
  ip.ipv6 = true;
  std::memcpy(ip.bytes.data(), address.s6_addr, 16);
  return ip;
}

std::optional<IpAddress> from_sockaddr(const sockaddr* address) {
  if (address == nullptr) return std::nullopt;
  if (address->sa_family == AF_INET) {
    return from_ipv4(reinterpret_cast<const sockaddr_in*>(address)->sin_addr);
  }
  if (address->sa_family == AF_INET6) {
    return from_ipv6(reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr);
  }
  return std::nullopt;
}

}  // namespace

std::optional<TcpEndpoint> parse_tcp_endpoint(std::string_view endpoint) {
  constexpr std::string_view scheme = "tcp://";
  if (endpoint.substr(0, scheme.size()) != scheme) return std::nullopt;
  std::string_view rest = endpoint.substr(scheme.size());
  std::string_view host;
  std::string_view port;
  if (!rest.empty() && rest.front() == '[') {
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos || close + 1 >= rest.size() || rest[close + 1] != ':') {
      return std::nullopt;
    }
    host = rest.substr(1, close - 1);
    port = rest.substr(close + 2);
  } else {
    const std::size_t colon = rest.rfind(':');
    if (colon == std::string_view::npos) return std::nullopt;
    host = rest.substr(0, colon);
    port = rest.substr(colon + 1);
    // An unbracketed IPv6 address is ambiguous: refuse it rather than guess the port.
    if (host.find(':') != std::string_view::npos) return std::nullopt;
  }
  unsigned number = 0;
  const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
  if (host.empty() || port.empty() || ec != std::errc{} || end != port.data() + port.size() ||
      number == 0 || number > 65535) {
    return std::nullopt;
  }
  return TcpEndpoint{std::string(host), static_cast<std::uint16_t>(number)};
}

std::optional<IpAddress> parse_ip_address(std::string_view text) {
  const std::string address(text.substr(0, text.find('%')));
  in_addr v4{};
  if (::inet_pton(AF_INET, address.c_str(), &v4) == 1) return from_ipv4(v4);
  in6_addr v6{};
  if (::inet_pton(AF_INET6, address.c_str(), &v6) == 1) return from_ipv6(v6);
  return std::nullopt;
}

bool is_loopback(const IpAddress& address) {
  if (!address.ipv6) return address.bytes[0] == 127;
  static constexpr std::array<std::uint8_t, 16> kLoopback6 = {0, 0, 0, 0, 0, 0, 0, 0,
                                                              0, 0, 0, 0, 0, 0, 0, 1};
  return address.bytes == kLoopback6;
}

HostLocality classify_host(const std::vector<IpAddress>& resolved,
                           const std::vector<IpAddress>& own) {
  if (resolved.empty()) return HostLocality::unknown;
  for (const IpAddress& address : resolved) {
    if (is_loopback(address) || std::find(own.begin(), own.end(), address) != own.end()) {
      return HostLocality::local;
    }
  }
  return HostLocality::remote;
}

std::vector<IpAddress> resolve_host(const std::string& host) {
  if (const auto numeric = parse_ip_address(host)) return {*numeric};
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  std::vector<IpAddress> addresses;
  if (::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return addresses;
  for (const addrinfo* entry = found; entry != nullptr; entry = entry->ai_next) {
    if (const auto address = from_sockaddr(entry->ai_addr)) addresses.push_back(*address);
  }
  ::freeaddrinfo(found);
  return addresses;
}

std::vector<IpAddress> own_addresses() {
  std::vector<IpAddress> addresses;
  ifaddrs* interfaces = nullptr;
  if (::getifaddrs(&interfaces) != 0) return addresses;
  for (const ifaddrs* entry = interfaces; entry != nullptr; entry = entry->ifa_next) {
    if (const auto address = from_sockaddr(entry->ifa_addr)) addresses.push_back(*address);
  }
  ::freeifaddrs(interfaces);
  return addresses;
}

HostLocality host_locality(const std::string& host) {
  return classify_host(resolve_host(host), own_addresses());
}

}  // namespace trexsearch::service
