#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "trex_client/api/stream_spec.hpp"
#include "trex_client/profile/net_address.hpp"

namespace trexsearch::trex {

/// Two ports of the tester connected through the SUT: traffic goes `first` ->
/// `second`, and back when bidirectional.
struct PortPair {
  std::uint8_t first = 0;
  std::uint8_t second = 1;
  bool bidirectional = true;
};

/// One frame size of the mix with its share (weight) of the packets.
struct FrameShare {
  /// Layer-2 frame size including the 4-byte FCS, 64..9000 [bytes].
  std::uint32_t frame_size = 64;
  std::uint32_t weight = 1;
};

/// Ethernet addresses; absent ones come from the port configuration (TRex's default).
struct EthernetHeader {
  std::optional<MacAddress> src;
  std::optional<MacAddress> dst;
};

/// An 802.1Q tag.
struct VlanTag {
  std::uint16_t id = 0;
  std::uint8_t priority = 0;
};

struct Ipv4Header {
  Ipv4Address src;
  Ipv4Address dst;
  std::uint8_t ttl = 64;
  std::uint8_t dscp = 0;
};

struct Ipv6Header {
  Ipv6Address src{};
  Ipv6Address dst{};
  std::uint8_t hop_limit = 64;
  std::uint8_t traffic_class = 0;
};

struct UdpHeader {
  std::uint16_t src_port = 1024;
  std::uint16_t dst_port = 1024;
};

/// A TCP segment for stateless tests: the SUT forwards it; no connection is made.
struct TcpHeader {
  static constexpr std::uint8_t fin = 0x01;
  static constexpr std::uint8_t syn = 0x02;
  static constexpr std::uint8_t rst = 0x04;
  static constexpr std::uint8_t psh = 0x08;
  static constexpr std::uint8_t ack_flag = 0x10;
  static constexpr std::uint8_t urg = 0x20;

  std::uint16_t src_port = 1024;
  std::uint16_t dst_port = 1024;
  /// The flag bits above (default SYN).
  std::uint8_t flags = syn;
  std::uint32_t seq = 0;
  std::uint32_t ack = 0;
  std::uint16_t window = 8192;
};

/// One MPLS label stack entry (RFC 3032); the last of a stack gets the bottom bit.
struct MplsLabel {
  /// 0..1048575 (20 bits).
  std::uint32_t label = 0;
  /// Traffic class, 0..7.
  std::uint8_t tc = 0;
  std::uint8_t ttl = 64;
};

/// VXLAN (RFC 7348): the outer UDP header is HeaderStack::udp (destination port 4789
/// unless the profile says otherwise); an inner Ethernet frame follows.
struct VxlanHeader {
  /// VXLAN network identifier, 0..16777215 (24 bits).
  std::uint32_t vni = 0;
};

/// GRE (RFC 2784, with RFC 2890's key): directly after the outer IP header; it carries
/// an inner IP packet (protocol 0x0800 or 0x86dd) or, when the inner headers start
/// with Ethernet, an Ethernet frame (0x6558, transparent Ethernet bridging).
struct GreHeader {
  std::optional<std::uint32_t> key;
};

/// The packet a tunnel carries.
struct InnerHeaders {
  /// Required under VXLAN; under GRE it makes the tunnel carry Ethernet frames.
  std::optional<EthernetHeader> ethernet;
  std::optional<VlanTag> vlan;
  std::variant<Ipv4Header, Ipv6Header> ip = Ipv4Header{};
  UdpHeader udp;
  /// Present: the inner L4 header is TCP (and `udp` is unused).
  std::optional<TcpHeader> tcp;
};

/// An encapsulation: VXLAN or GRE, and the packet inside.
struct Tunnel {
  std::variant<VxlanHeader, GreHeader> encap;
  InnerHeaders inner;
};

/// The headers of the forward direction; the reverse direction mirrors them. With a
/// tunnel, `ip` and `udp` are the outer headers.
struct HeaderStack {
  EthernetHeader ethernet;
  /// QinQ: the 802.1ad service tag (TPID 0x88a8) sent before `vlan`, which it needs.
  std::optional<VlanTag> outer_vlan;
  std::optional<VlanTag> vlan;
  /// MPLS labels between the Ethernet header (EtherType 0x8847) and `ip`, outermost first.
  std::vector<MplsLabel> mpls;
  std::variant<Ipv4Header, Ipv6Header> ip = Ipv4Header{};
  UdpHeader udp;
  /// Present: the L4 header is TCP (and `udp` is unused).
  std::optional<TcpHeader> tcp;
  /// Present: `ip` carries VXLAN (over `udp`) or GRE, and the tunnel's inner packet.
  std::optional<Tunnel> tunnel;

  bool is_vxlan() const { return tunnel && std::holds_alternative<VxlanHeader>(tunnel->encap); }
  bool is_gre() const { return tunnel && std::holds_alternative<GreHeader>(tunnel->encap); }
  /// Whether the L4 checksum that is sent (the inner packet's in a tunnel) is
  /// mandatory: TCP's always, UDP's over IPv6 (RFC 8200).
  bool l4_checksum_mandatory() const {
    if (tunnel) {
      return tunnel->inner.tcp || std::holds_alternative<Ipv6Header>(tunnel->inner.ip);
    }
    return tcp || std::holds_alternative<Ipv6Header>(ip);
  }
};

/// A header field the field engine can vary to make flows: the outer (or only) IP
/// packet's, or with a tunnel the inner packet's ("inner.src_ip", ...).
enum class FlowField {
  src_ip,
  dst_ip,
  src_port,
  dst_port,
  inner_src_ip,
  inner_dst_ip,
  inner_src_port,
  inner_dst_port,
};

/// "src_ip", "dst_ip", "src_port", "dst_port", or one of them after "inner.".
const char* to_string(FlowField field);

/// Whether `field` is one of the tunnel's inner packet.
bool is_inner(FlowField field);

/// How varied fields move.
enum class FlowMode {
  /// All varied fields step together: exactly `count` flows, round robin.
  increment,
  /// Each varied field takes random values in its range, independently.
  random,
};

/// Flows: each varied field takes `count` consecutive values starting at the
/// header's value.
struct FlowSpec {
  std::uint32_t count = 1;
  std::vector<FlowField> vary;
  FlowMode mode = FlowMode::increment;
};

/// Who fixes checksums of varied packets.
enum class ChecksumMode {
  /// fix_checksum_ipv4 in the field engine; IPv4 UDP checksum sent as 0 ("none",
  /// RFC 768). Not possible for IPv6, whose UDP checksum is mandatory.
  software,
  /// fix_checksum_hw: the NIC fixes IP and UDP checksums.
  hardware,
};

/// Latency streams: one per direction, sent next to the main traffic in latency
/// trials only (docs/traffic-profiles.md "Latency"; trex-flowstats-latency.md §2.3,
/// §2.4). TRex sends them at a fixed rate that its multiplier does not scale.
struct LatencySpec {
  /// CSIT's rate per direction (NFVbench and trafficgen use 1000).
  static constexpr double default_rate_pps = 9000.0;
  /// Like NFVbench and the reference recipe: 0x100 | direction index.
  static constexpr std::uint32_t default_pg_id_base = 0x100;

  /// Each direction's latency stream [frames/s].
  double rate_pps = default_rate_pps;
  /// Layer-2 frame size including FCS [bytes]; absent: the profile's frame size
  /// (required for an IMIX).
  std::optional<std::uint32_t> frame_size;
  /// The latency pg_id of direction i is pg_id_base + i.
  std::uint32_t pg_id_base = default_pg_id_base;
};

/// One stream as TRex's Python client writes it (`STLStream.to_json()`, what
/// `stl-sim -f PROFILE -i PORT --json` prints): add_stream's `stream` object, plus
/// the name of the stream it chains to.
struct NativeStream {
  StreamSpec spec;
  /// `next`: the stream this one starts when it ends, by name (absent: none).
  std::optional<std::string> next;
};

/// A profile's traffic given as TRex's own streams (docs/traffic-profiles.md "Native
/// TRex streams"): packets and field-engine programs are sent as given; each stream's
/// rate becomes its weight within its port's load.
struct NativeStreams {
  /// The streams of each transmitting port that has its own list.
  std::map<std::uint8_t, std::vector<NativeStream>> per_port;
  /// The streams of every other transmitting port (`"trex_streams": [...]`).
  std::optional<std::vector<NativeStream>> every_port;
  /// The mean frame size (FCS included) to use for loads in % of line rate and bit
  /// rates when a stream's field engine varies its frame size (trim_pkt_size).
  std::optional<double> mean_frame_size;

  /// The streams port `port` sends; empty when it has none.
  const std::vector<NativeStream>& of_port(std::uint8_t port) const;
};

/// A validated traffic profile (see docs/traffic-profiles.md).
struct TrafficProfile {
  std::string name;
  std::string description;
  std::vector<PortPair> port_pairs;
  /// One entry for a fixed frame size, several for IMIX.
  std::vector<FrameShare> frame_sizes;
  HeaderStack headers;
  FlowSpec flows;
  ChecksumMode checksum = ChecksumMode::software;
  /// Absent: the profile sends no latency streams.
  std::optional<LatencySpec> latency;
  /// Present: the traffic is these TRex streams, and frame_sizes, headers, flows and
  /// checksum are unused.
  std::optional<NativeStreams> trex_streams;
};

}  // namespace trexsearch::trex
