// Encapsulations in the profile language: MPLS label stacks, VXLAN and GRE with their
// inner packets. The bytes are checked field by field against RFC 3032, RFC 7348,
// RFC 2784/2890; flows over inner and outer fields write where those fields are and
// leave every checksum that is sent correct.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "measure/errors.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/profile/frame_preview.hpp"
#include "trex_client/profile/packet_builder.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::ConfigError;

namespace {

unsigned byte_at(const std::string& bytes, std::size_t i) {
  return static_cast<unsigned char>(bytes.at(i));
}

unsigned be16(const std::string& bytes, std::size_t i) {
  return byte_at(bytes, i) << 8U | byte_at(bytes, i + 1);
}

std::uint32_t be32(const std::string& bytes, std::size_t i) {
  return static_cast<std::uint32_t>(be16(bytes, i)) << 16U | be16(bytes, i + 2);
}

std::string profile_text(const std::string& headers, const std::string& rest = "") {
  return R"({"name": "t", "port_pairs": [{"ports": [0, 1]}], "frame_size": 128, )" + headers +
         rest + "}";
}

std::string error_of(const std::string& text, CounterSource counters = CounterSource::port) {
  try {
    compile_profile(parse_profile(text, "p.json"), counters);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(accepted)";
}

// The L4 checksum of the IP packet at `l3` verifies (sums to 0 with its pseudo-header).
bool l4_checksum_ok(const std::string& frame, std::size_t l3) {
  const bool v6 = (byte_at(frame, l3) >> 4U) == 6;
  const std::size_t l4 = l3 + (v6 ? 40 : 20);
  const std::size_t end = v6 ? l4 + be16(frame, l3 + 4) : l3 + be16(frame, l3 + 2);
  const unsigned protocol = byte_at(frame, v6 ? l3 + 6 : l3 + 9);
  std::uint32_t pseudo = protocol + static_cast<std::uint32_t>(end - l4);
  for (std::size_t i = 0; i < (v6 ? 32U : 8U); i += 2)
    pseudo += be16(frame, l3 + (v6 ? 8 : 12) + i);
  return internet_checksum(std::string_view(frame).substr(l4, end - l4), pseudo) == 0;
}

bool ipv4_header_ok(const std::string& frame, std::size_t l3) {
  return internet_checksum(std::string_view(frame).substr(l3, 20)) == 0;
}

const char* const vxlan_headers = R"(
  "ipv4": {"src": "10.0.0.1", "dst": "10.0.0.2"},
  "vxlan": {"vni": 5000},
  "inner": {"ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},
            "udp": {"src_port": 1025, "dst_port": 12}})";

}  // namespace

TEST_CASE("MPLS: a label stack after Ethernet, bottom of stack on the last, then IPv4") {
  const TrafficProfile profile =
      parse_profile(profile_text(R"("mpls": [{"label": 100, "tc": 5}, {"label": 1048575, "ttl": 7}],
                      "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"})"),
                    "p.json");
  const std::string frame = build_packet(profile.headers, 128, profile.checksum);
  CHECK(be16(frame, 12) == 0x8847);
  CHECK(be32(frame, 14) == ((100U << 12U) | (5U << 9U) | 64U));     // not bottom, ttl 64
  CHECK(be32(frame, 18) == ((1048575U << 12U) | (1U << 8U) | 7U));  // bottom of stack
  CHECK(byte_at(frame, 22) == 0x45);
  CHECK(ipv4_header_ok(frame, 22));
  CHECK(layout_of(profile.headers).l2_len == 22);
  // TRex's flow stats cannot look past MPLS: refused at compile, naming the labels.
  CHECK(error_of(profile_text(R"("mpls": [{"label": 100}, {"label": 200}],
                                 "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"})"),
                 CounterSource::flow_stats)
            .find("mpls = labels [100, 200]: TRex's per-stream counters (flow_stats) cannot "
                  "find the IP header behind MPLS labels") != std::string::npos);
  CHECK(error_of(profile_text(R"("mpls": [{"label": 100}],
                                 "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"})",
                              R"(, "latency": {})"))
            .find("p.json:latency = {...}: TRex's latency streams") != std::string::npos);
  CHECK(error_of(profile_text(R"("mpls": [], "ipv4": {"src": "1.1.1.1", "dst": "2.2.2.2"})"))
            .find("p.json:mpls = []: needs at least one label") != std::string::npos);
  CHECK(
      error_of(profile_text(
                   R"("mpls": [{"label": 1048576}], "ipv4": {"src": "1.1.1.1", "dst": "2.2.2.2"})"))
          .find("p.json:mpls[0].label = 1048576") != std::string::npos);
}

TEST_CASE("VXLAN over IPv4: UDP to 4789 with checksum 0, the VNI, an inner Ethernet frame") {
  const TrafficProfile profile = parse_profile(profile_text(vxlan_headers), "p.json");
  const std::string frame = build_packet(profile.headers, 128, profile.checksum);
  REQUIRE(frame.size() == 124);
  CHECK(be16(frame, 12) == 0x0800);
  CHECK(byte_at(frame, 23) == 17);
  CHECK(be16(frame, 16) == 124 - 14);  // outer IPv4 total length
  CHECK(ipv4_header_ok(frame, 14));
  CHECK(be16(frame, 34) == 50000);  // outer source port: a dynamic port
  CHECK(be16(frame, 36) == 4789);
  CHECK(be16(frame, 38) == 124 - 34);
  CHECK(be16(frame, 40) == 0);  // RFC 7348 section 5: SHOULD be zero
  CHECK(be32(frame, 42) == 0x08000000U);
  CHECK(be32(frame, 46) == (5000U << 8U));
  // Inner Ethernet with the default, locally administered addresses.
  CHECK(byte_at(frame, 50) == 0x02);
  CHECK(byte_at(frame, 55) == 0x02);
  CHECK(byte_at(frame, 56) == 0x02);
  CHECK(byte_at(frame, 61) == 0x01);
  CHECK(be16(frame, 62) == 0x0800);
  CHECK(be16(frame, 64 + 2) == 124 - 64);  // inner IPv4 total length
  CHECK(ipv4_header_ok(frame, 64));
  CHECK(be16(frame, 84) == 1025);
  CHECK(be16(frame, 86) == 12);
  CHECK(be16(frame, 90) == 0);  // inner IPv4 UDP in software mode: no checksum
  CHECK(min_frame_size(profile.headers) == 96);
  CHECK(error_of(profile_text(vxlan_headers).replace(profile_text("").find("128"), 3, "64"))
            .find("p.json:frame_size = 64: must be in [96, 9000]") != std::string::npos);
  // What TRex's flow stats find: the outer IPv4 header.
  CHECK(ether_payload(frame).ether_type == 0x0800);
  CHECK(error_of(profile_text(vxlan_headers), CounterSource::flow_stats) == "(accepted)");
}

TEST_CASE("GRE over IPv6 carries IPv4/TCP; with a key and inner Ethernet it bridges frames") {
  const std::string gre_ip = R"(
    "ipv6": {"src": "2001:db8::1", "dst": "2001:db8::2"}, "gre": {},
    "inner": {"ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"}, "tcp": {"dst_port": 80}})";
  const TrafficProfile profile = parse_profile(profile_text(gre_ip), "p.json");
  CHECK(profile.checksum == ChecksumMode::hardware);  // TCP inside: its checksum is mandatory
  const std::string frame = build_packet(profile.headers, 128, profile.checksum);
  CHECK(be16(frame, 12) == 0x86DD);
  CHECK(byte_at(frame, 20) == 47);     // next header: GRE
  CHECK(be16(frame, 18) == 124 - 54);  // IPv6 payload length
  CHECK(be16(frame, 54) == 0);         // no checksum, no key, version 0
  CHECK(be16(frame, 56) == 0x0800);    // carries IPv4
  CHECK(byte_at(frame, 58) == 0x45);
  CHECK(ipv4_header_ok(frame, 58));
  CHECK(be16(frame, 78 + 2) == 80);
  CHECK(l4_checksum_ok(frame, 58));

  const TrafficProfile bridged = parse_profile(
      profile_text(R"("ipv4": {"src": "10.0.0.1", "dst": "10.0.0.2"}, "gre": {"key": 7},
                      "inner": {"ethernet": {"dst": "02:00:00:00:00:09"}, "vlan": {"id": 10},
                                "ipv6": {"src": "2001:db8::1", "dst": "2001:db8::2"}})"),
      "p.json");
  const std::string teb = build_packet(bridged.headers, 128, bridged.checksum);
  CHECK(byte_at(teb, 23) == 47);
  CHECK(be16(teb, 34) == 0x2000);  // K bit
  CHECK(be16(teb, 36) == 0x6558);  // transparent Ethernet bridging
  CHECK(be32(teb, 38) == 7);
  CHECK(byte_at(teb, 47) == 0x09);  // the inner destination MAC given
  CHECK(be16(teb, 54) == 0x8100);
  CHECK(be16(teb, 58) == 0x86DD);
  CHECK(l4_checksum_ok(teb, 60));  // inner IPv6 UDP: mandatory checksum
}

TEST_CASE("tunnel sections that do not fit together are refused, naming the field") {
  const std::string ip = R"("ipv4": {"src": "10.0.0.1", "dst": "10.0.0.2"}, )";
  const std::string inner = R"("inner": {"ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"}})";
  CHECK(error_of(profile_text(ip + inner)).find("p.json:inner = {") != std::string::npos);
  CHECK(error_of(profile_text(ip + inner)).find("needs a tunnel: give vxlan or gre") !=
        std::string::npos);
  CHECK(error_of(profile_text(ip + R"("vxlan": {"vni": 1}, "gre": {}, )" + inner))
            .find("p.json:gre = {}: give either vxlan or gre, not both") != std::string::npos);
  CHECK(error_of(profile_text(ip + R"("vxlan": {"vni": 1})"))
            .find("a tunnel needs the packet it carries") != std::string::npos);
  CHECK(error_of(profile_text(ip + R"("vxlan": {"vni": 16777216}, )" + inner))
            .find("p.json:vxlan.vni = 16777216") != std::string::npos);
  CHECK(error_of(profile_text(ip + R"("tcp": {}, "vxlan": {"vni": 1}, )" + inner))
            .find("p.json:tcp = {}: VXLAN runs over UDP; put tcp in inner") != std::string::npos);
  CHECK(error_of(profile_text(ip + R"("udp": {}, "gre": {}, )" + inner))
            .find("p.json:udp = {}: GRE follows the outer IP header directly") !=
        std::string::npos);
  CHECK(error_of(profile_text(ip + R"("gre": {}, "inner": {"vlan": {"id": 5},
                     "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"}})"))
            .find("p.json:inner.vlan = {\"id\":5}: a VLAN tag needs an Ethernet frame") !=
        std::string::npos);
  CHECK(error_of(profile_text(ip + R"("gre": {}, )" + inner,
                              R"(, "flows": {"count": 10, "vary": ["src_port"]})"))
            .find("p.json:flows.vary = src_port: GRE carries no ports outside its inner packet; "
                  "vary inner.src_port instead") != std::string::npos);
  CHECK(error_of(profile_text(ip, R"("udp": {}, "flows": {"count": 10, "vary": ["inner.src_ip"]})"))
            .find("p.json:flows.vary = inner.src_ip: names a tunnel's inner field") !=
        std::string::npos);
  CHECK(error_of(profile_text(ip + R"("gre": {}, )" + inner,
                              R"(, "flows": {"count": 10, "vary": ["inner.bogus"]})"))
            .find("unknown field (known: src_ip") != std::string::npos);
}

TEST_CASE("flows over VXLAN: inner and outer fields each written where they are") {
  const TrafficProfile profile = parse_profile(
      profile_text(vxlan_headers,
                   R"(, "flows": {"count": 100, "vary": ["inner.src_ip", "src_port", "dst_ip"]})"),
      "p.json");
  const CompiledProfile compiled = compile_profile(profile);
  REQUIRE(compiled.ports.size() == 2);
  const VmProgram& forward = compiled.ports[0].streams[0].vm;
  REQUIRE(forward.size() == 8);
  CHECK(std::get<FlowVar>(forward[0]).name == "inner_src_ip");
  CHECK(std::get<WriteFlowVar>(forward[1]).pkt_offset == 64 + 12);
  CHECK(std::get<WriteFlowVar>(forward[3]).pkt_offset == 34);  // outer UDP source port
  CHECK(std::get<FlowVar>(forward[2]).init_value == 50000);
  CHECK(std::get<WriteFlowVar>(forward[5]).pkt_offset == 14 + 16);  // outer destination
  // An outer address varied: its header checksum; an inner one: the inner header's.
  CHECK(std::get<FixChecksumIpv4>(forward[6]).pkt_offset == 14);
  CHECK(std::get<FixChecksumIpv4>(forward[7]).pkt_offset == 64);

  // The reverse direction: addresses swapped, the outer source port stays the one
  // that varies (the reverse tunnel also goes to 4789).
  const VmProgram& reverse = compiled.ports[1].streams[0].vm;
  CHECK(std::get<FlowVar>(reverse[0]).name == "inner_dst_ip");
  CHECK(std::get<FlowVar>(reverse[2]).name == "src_port");
  CHECK(std::get<FlowVar>(reverse[4]).name == "src_ip");
  const std::string back = compiled.ports[1].streams[0].packet;
  CHECK(be16(back, 36) == 4789);
  CHECK(be32(back, 26) == 0x0A000002U);  // outer source: the forward destination
  CHECK(be32(back, 64 + 12) == 0x30000001U);
  CHECK(byte_at(back, 55) == 0x01);  // inner destination MAC: the forward source

  const TrafficProfile stored = decode_profile(encode_profile(profile), "stored");
  CHECK(encode_profile(stored) == encode_profile(profile));
}

TEST_CASE("varied inner TCP and IPv6 flows keep every sent checksum correct, frame by frame") {
  for (const std::string& tunnel :
       {std::string(R"("ipv4": {"src": "10.0.0.1", "dst": "10.0.0.2"}, "vxlan": {"vni": 9},
                       "inner": {"ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},
                                 "tcp": {"src_port": 1000, "dst_port": 80}})"),
        std::string(R"("ipv6": {"src": "2001:db8::1", "dst": "2001:db8::2"}, "gre": {},
                       "inner": {"ipv6": {"src": "2001:db8:1::1", "dst": "2001:db8:2::1"},
                                 "udp": {}})")}) {
    CAPTURE(tunnel);
    const TrafficProfile profile = parse_profile(
        profile_text(tunnel,
                     R"(, "flows": {"count": 5, "vary": ["inner.src_ip", "inner.src_port"]})"),
        "p.json");
    const std::vector<StreamPreview> previews = preview_frames(profile, 5);
    REQUIRE(previews.size() == 2);
    for (const StreamPreview& preview : previews) {
      REQUIRE(preview.base_only_reason.empty());
      const std::size_t inner_l3 = layout_of(profile.headers).inner->l3_offset;
      std::set<std::string> distinct;
      for (const std::string& frame : preview.frames) {
        CHECK(l4_checksum_ok(frame, inner_l3));
        distinct.insert(frame);
      }
      CHECK(distinct.size() == 5);
    }
  }
  // Software checksums cannot vary an inner TCP packet.
  CHECK(error_of(profile_text(R"("ipv4": {"src": "10.0.0.1", "dst": "10.0.0.2"}, "gre": {},
                                 "inner": {"ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},
                                           "tcp": {}})",
                              R"(, "checksum": "software",
                                   "flows": {"count": 5, "vary": ["inner.src_ip"]})"))
            .find("p.json:checksum = software: TCP checksums") != std::string::npos);
}
