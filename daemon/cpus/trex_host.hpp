#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trexsearch::service {

/// HOST and PORT of a `tcp://HOST:PORT` endpoint (HOST without the brackets of `[::1]`).
struct TcpEndpoint {
  std::string host;
  std::uint16_t port = 0;
};

/// Parses `tcp://HOST:PORT` (HOST a name, an IPv4 address or a bracketed IPv6 address).
/// Absent when it is not one.
std::optional<TcpEndpoint> parse_tcp_endpoint(std::string_view endpoint);

/// An IPv4 or IPv6 address; IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are kept as IPv4,
/// so that both spellings compare equal.
struct IpAddress {
  bool ipv6 = false;
  /// IPv4 in the first 4 bytes.
  std::array<std::uint8_t, 16> bytes{};

  friend bool operator==(const IpAddress&, const IpAddress&) = default;
};

/// A numeric address ("127.0.0.1", "::1", "fe80::1%eth0": the zone is dropped); absent for
/// names and anything else.
std::optional<IpAddress> parse_ip_address(std::string_view text);

/// 127.0.0.0/8 or ::1.
bool is_loopback(const IpAddress& address);

/// Whether a TRex endpoint's host is this machine.
enum class HostLocality {
  local,    ///< a loopback address or one of this host's own addresses
  remote,   ///< resolves only to addresses of other hosts
  unknown,  ///< the name does not resolve
};

/// The decision alone: `resolved` are the host's addresses (the address itself when
/// numeric), `own` the addresses of this host's interfaces. Local when any resolved
/// address is loopback or one of `own`; unknown when nothing resolved.
HostLocality classify_host(const std::vector<IpAddress>& resolved,
                           const std::vector<IpAddress>& own);

/// The host's addresses: the address itself when numeric, else getaddrinfo() (which may
/// ask DNS). Empty when the name does not resolve.
std::vector<IpAddress> resolve_host(const std::string& host);

/// The addresses of this host's interfaces (getifaddrs()).
std::vector<IpAddress> own_addresses();

/// classify_host(resolve_host(host), own_addresses()).
HostLocality host_locality(const std::string& host);

}  // namespace trexsearch::service
