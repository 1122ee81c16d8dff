// Is TRex on this host? Endpoint parsing and the loopback / own-address decision.
#include "daemon/cpus/trex_host.hpp"

#include <doctest/doctest.h>

namespace trexsearch::service {
namespace {

IpAddress ip(const char* text) {
  const auto address = parse_ip_address(text);
  REQUIRE(address.has_value());
  return *address;
}

}  // namespace

TEST_CASE("tcp endpoints split into host and port") {
  const auto v4 = parse_tcp_endpoint("tcp://127.0.0.1:4501");
  REQUIRE(v4.has_value());
  CHECK(v4->host == "127.0.0.1");
  CHECK(v4->port == 4501);
  const auto v6 = parse_tcp_endpoint("tcp://[::1]:4511");
  REQUIRE(v6.has_value());
  CHECK(v6->host == "::1");
  CHECK(v6->port == 4511);
  const auto name = parse_tcp_endpoint("tcp://trex-a.lab:1");
  REQUIRE(name.has_value());
  CHECK(name->host == "trex-a.lab");
  for (const char* bad : {"udp://h:1", "tcp://h", "tcp://:4501", "tcp://h:0", "tcp://h:65536",
                          "tcp://h:45x", "tcp://::1:4501", "tcp://[::1]4501", "tcp://[::1"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_tcp_endpoint(bad).has_value());
  }
}

TEST_CASE("addresses compare across IPv4 and IPv4-mapped IPv6 spellings") {
  CHECK(ip("::ffff:10.0.0.1") == ip("10.0.0.1"));
  CHECK_FALSE(ip("::ffff:10.0.0.1").ipv6);
  CHECK(ip("fe80::1%eth0") == ip("fe80::1"));
  CHECK_FALSE(parse_ip_address("trex.lab").has_value());
  CHECK_FALSE(parse_ip_address("").has_value());
  CHECK(is_loopback(ip("127.0.0.1")));
  CHECK(is_loopback(ip("127.8.9.10")));
  CHECK(is_loopback(ip("::1")));
  CHECK(is_loopback(ip("::ffff:127.0.0.1")));
  CHECK_FALSE(is_loopback(ip("10.0.0.1")));
  CHECK_FALSE(is_loopback(ip("::2")));
}

TEST_CASE("a host is local when it is loopback or one of this host's addresses") {
  const std::vector<IpAddress> own{ip("127.0.0.1"), ip("192.0.2.7"), ip("2001:db8::7")};
  CHECK(classify_host({ip("127.0.0.1")}, {}) == HostLocality::local);
  CHECK(classify_host({ip("::1")}, own) == HostLocality::local);
  CHECK(classify_host({ip("192.0.2.7")}, own) == HostLocality::local);
  CHECK(classify_host({ip("::ffff:192.0.2.7")}, own) == HostLocality::local);
  CHECK(classify_host({ip("2001:db8::7")}, own) == HostLocality::local);
  // A name with several addresses, one of them ours.
  CHECK(classify_host({ip("198.51.100.1"), ip("192.0.2.7")}, own) == HostLocality::local);
  CHECK(classify_host({ip("198.51.100.1")}, own) == HostLocality::remote);
  CHECK(classify_host({}, own) == HostLocality::unknown);
}

TEST_CASE("on this machine, loopback and its own addresses are local") {
  CHECK(host_locality("127.0.0.1") == HostLocality::local);
  CHECK(host_locality("::1") == HostLocality::local);
  CHECK(host_locality("192.0.2.1") == HostLocality::remote);  // TEST-NET-1, never assigned
  for (const IpAddress& address : own_addresses()) {
    CHECK(classify_host({address}, own_addresses()) == HostLocality::local);
  }
  CHECK(resolve_host("10.1.2.3") == std::vector<IpAddress>{ip("10.1.2.3")});
}

}  // namespace trexsearch::service
