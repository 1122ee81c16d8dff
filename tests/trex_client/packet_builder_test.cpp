#include "trex_client/profile/packet_builder.hpp"

#include <doctest/doctest.h>

#include <string>

#include "measure/errors.hpp"

using namespace trexsearch::trex;

namespace {

unsigned byte_at(const std::string& bytes, std::size_t i) {
  return static_cast<unsigned char>(bytes.at(i));
}

unsigned be16(const std::string& bytes, std::size_t i) {
  return byte_at(bytes, i) << 8 | byte_at(bytes, i + 1);
}

HeaderStack example_headers() {
  // The packet of trex-protocol.md §6.3.
  HeaderStack headers;
  headers.ethernet.dst = MacAddress{0, 0, 0, 1, 0, 0};
  headers.ethernet.src = MacAddress{0, 0, 0, 2, 0, 0};
  Ipv4Header ip;
  ip.src = *parse_ipv4("16.0.0.1");
  ip.dst = *parse_ipv4("48.0.0.1");
  headers.ip = ip;
  headers.udp = {1025, 12};
  return headers;
}

// Sum over the UDP datagram plus its pseudo-header; a correct checksum makes it 0.
std::uint16_t udp_verify(const std::string& bytes, const PacketLayout& layout) {
  const std::size_t l4 = layout.l4_offset();
  std::uint32_t pseudo = 17 + static_cast<std::uint32_t>(bytes.size() - l4);
  const std::size_t addr = layout.ip_src_offset();
  const std::size_t addr_len = layout.ipv6 ? 32 : 8;
  for (std::size_t i = 0; i < addr_len; i += 2) pseudo += be16(bytes, addr + i);
  return internet_checksum(std::string_view(bytes).substr(l4), pseudo);
}

}  // namespace

TEST_CASE("a 64-byte IPv4/UDP frame matches TRex's example byte for byte in its headers") {
  const std::string bytes = build_packet(example_headers(), 64, ChecksumMode::software);
  REQUIRE(bytes.size() == 60);  // FCS is added by the NIC
  CHECK(bytes.substr(0, 12) == std::string("\0\0\0\1\0\0\0\0\0\2\0\0", 12));
  CHECK(be16(bytes, 12) == 0x0800);
  // IPv4 header: 45 00 00 2e 00 01 00 00 40 11 3a bd 10 00 00 01 30 00 00 01
  const unsigned expected[] = {0x45, 0x00, 0x00, 0x2e, 0x00, 0x01, 0x00, 0x00, 0x40, 0x11,
                               0x3a, 0xbd, 0x10, 0x00, 0x00, 0x01, 0x30, 0x00, 0x00, 0x01};
  for (std::size_t i = 0; i < 20; ++i) {
    CAPTURE(i);
    CHECK(byte_at(bytes, 14 + i) == expected[i]);
  }
  CHECK(be16(bytes, 34) == 1025);
  CHECK(be16(bytes, 36) == 12);
  CHECK(be16(bytes, 38) == 26);  // UDP length
  CHECK(be16(bytes, 40) == 0);   // software mode: no UDP checksum over IPv4
}

TEST_CASE("hardware checksum mode fills a valid UDP checksum") {
  const std::string bytes = build_packet(example_headers(), 128, ChecksumMode::hardware);
  const PacketLayout layout = layout_of(example_headers());
  CHECK(be16(bytes, 40) != 0);
  CHECK(udp_verify(bytes, layout) == 0);
  CHECK(internet_checksum(std::string_view(bytes).substr(14, 20)) == 0);
}

TEST_CASE("802.1Q tag shifts the IP header by four bytes") {
  HeaderStack headers = example_headers();
  headers.vlan = VlanTag{100, 5};
  const std::string bytes = build_packet(headers, 64, ChecksumMode::software);
  CHECK(be16(bytes, 12) == 0x8100);
  CHECK(be16(bytes, 14) == ((5u << 13) | 100u));
  CHECK(be16(bytes, 16) == 0x0800);
  CHECK(byte_at(bytes, 18) == 0x45);
  const PacketLayout layout = layout_of(headers);
  CHECK(layout.l2_len == 18);
  CHECK(layout.ip_src_offset() == 30);
  CHECK(internet_checksum(std::string_view(bytes).substr(18, 20)) == 0);
}

TEST_CASE("IPv6/UDP always carries a valid UDP checksum") {
  HeaderStack headers;
  Ipv6Header ip;
  ip.src = *parse_ipv6("2001:db8::1");
  ip.dst = *parse_ipv6("2001:db8:1::1");
  headers.ip = ip;
  const std::string bytes = build_packet(headers, 78, ChecksumMode::software);
  REQUIRE(bytes.size() == 74);
  CHECK(be16(bytes, 12) == 0x86DD);
  CHECK(byte_at(bytes, 14) == 0x60);
  CHECK(be16(bytes, 18) == 74 - 14 - 40);  // payload length
  CHECK(byte_at(bytes, 20) == 17);
  CHECK(byte_at(bytes, 21) == 64);
  CHECK(udp_verify(bytes, layout_of(headers)) == 0);
}

TEST_CASE("frames too small for their headers are refused, naming frame_size") {
  HeaderStack headers;
  Ipv6Header ip;
  headers.ip = ip;
  headers.vlan = VlanTag{1, 0};
  CHECK(min_frame_size(headers) == 14 + 4 + 40 + 8 + 4);
  CHECK_THROWS_WITH_AS(build_packet(headers, 64, ChecksumMode::hardware),
                       doctest::Contains("frame_size = 64"), trexsearch::measure::ConfigError);
  CHECK(build_packet(headers, 70, ChecksumMode::hardware).size() == 66);
}

TEST_CASE("addresses parse in their usual text forms and reject malformed ones") {
  CHECK(parse_ipv4("16.0.0.1")->value == 268435457u);
  CHECK(parse_ipv4("255.255.255.255")->value == 0xFFFFFFFFu);
  for (const char* bad : {"256.0.0.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "a.b.c.d", ""}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_ipv4(bad));
  }
  CHECK(to_string(Ipv4Address{0x0A000001}) == "10.0.0.1");

  const auto v6 = parse_ipv6("2001:db8::1");
  REQUIRE(v6);
  CHECK((*v6)[0] == 0x20);
  CHECK((*v6)[1] == 0x01);
  CHECK((*v6)[15] == 0x01);
  CHECK(parse_ipv6("::") == Ipv6Address{});
  CHECK(parse_ipv6("::ffff:10.0.0.1").value()[12] == 10);
  CHECK(parse_ipv6("1:2:3:4:5:6:7:8").value()[15] == 8);
  for (const char* bad : {"1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "g::1", ":1", ""}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_ipv6(bad));
  }

  // An embedded NUL does not cut the text short (inet_pton reads C strings).
  CHECK_FALSE(parse_ipv4(std::string_view("1.2.3.4\0junk", 12)));
  CHECK_FALSE(parse_ipv6(std::string_view("::1\0junk", 8)));

  CHECK(parse_mac("02:00:00:00:00:0A") == MacAddress{2, 0, 0, 0, 0, 10});
  CHECK(to_string(MacAddress{2, 0, 0, 0, 0, 10}) == "02:00:00:00:00:0a");
  CHECK_FALSE(parse_mac("02:00:00:00:00"));
  CHECK_FALSE(parse_mac("02:00:00:00:00:0g"));
  CHECK_FALSE(parse_mac("02:00-00:00:00:00"));
}

TEST_CASE("a TCP SYN frame: TRex's stl/syn_attack.py header, a valid TCP checksum") {
  HeaderStack headers = example_headers();
  // stl-sim's syn_attack.py base packet: TCP(sport=20, dport=80, flags="S"), scapy's
  // seq 0 and window 8192.
  headers.tcp = TcpHeader{20, 80, TcpHeader::syn, 0, 0, 8192};
  const std::string bytes = build_packet(headers, 64, ChecksumMode::software);
  const PacketLayout layout = layout_of(headers);
  CHECK(layout.headers_len() == 54);
  CHECK(min_frame_size(headers) == 58);
  CHECK(byte_at(bytes, 23) == 6);  // IPv4 protocol: TCP
  CHECK(internet_checksum(std::string_view(bytes).substr(14, 20)) == 0);
  // TCP header as scapy writes it: 0014 0050 00000000 00000000 50 02 2000 csum 0000.
  CHECK(be16(bytes, 34) == 20);
  CHECK(be16(bytes, 36) == 80);
  CHECK(be16(bytes, 38) == 0);
  CHECK(be16(bytes, 42) == 0);
  CHECK(byte_at(bytes, 46) == 0x50);
  CHECK(byte_at(bytes, 47) == 0x02);
  CHECK(be16(bytes, 48) == 8192);
  CHECK(be16(bytes, 52) == 0);
  // The TCP checksum, even in software mode (mandatory): verified over the pseudo-header.
  std::uint32_t pseudo = 6 + static_cast<std::uint32_t>(bytes.size() - 34);
  for (std::size_t i = 0; i < 8; i += 2) pseudo += be16(bytes, 26 + i);
  CHECK(be16(bytes, 50) != 0);
  CHECK(internet_checksum(std::string_view(bytes).substr(34), pseudo) == 0);
}

TEST_CASE("QinQ: the 802.1ad service tag, then the 802.1Q tag, then IPv4") {
  HeaderStack headers = example_headers();
  headers.outer_vlan = VlanTag{300, 5};
  headers.vlan = VlanTag{100, 0};
  const std::string bytes = build_packet(headers, 64, ChecksumMode::software);
  const PacketLayout layout = layout_of(headers);
  CHECK(layout.l2_len == 22);
  CHECK(be16(bytes, 12) == 0x88a8);
  CHECK(be16(bytes, 14) == ((5U << 13U) | 300U));
  CHECK(be16(bytes, 16) == 0x8100);
  CHECK(be16(bytes, 18) == 100);
  CHECK(be16(bytes, 20) == 0x0800);
  CHECK(byte_at(bytes, 22) == 0x45);
  CHECK(internet_checksum(std::string_view(bytes).substr(22, 20)) == 0);
  CHECK(be16(bytes, layout.udp_dst_offset()) == 12);
  // What TRex's per-stream counters look past: both tags.
  CHECK(ether_payload(bytes).ether_type == 0x0800);
  CHECK(ether_payload(bytes).offset == 22);
}
