// Traffic profiles: JSON files -> validated profile -> streams with packet bytes and
// field-engine programs; every invalid profile names its field.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "measure/errors.hpp"
#include "tests/support/build_paths.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/codec/stream_codec.hpp"
#include "trex_client/profile/compiled_profile.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::ConfigError;

namespace {

const char* const base_profile = R"({
  "name": "t",
  "port_pairs": [{"ports": [0, 1]}],
  "frame_size": 64,
  "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},
  "udp": {"src_port": 1025, "dst_port": 12},
  "flows": {"count": 254, "vary": ["src_ip"]}
})";

std::string with(const std::string& from, const std::string& to) {
  std::string text = base_profile;
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string error_of(const std::string& text) {
  try {
    parse_profile(text, "p.json");
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(accepted)";
}

template <class T>
const T& instruction(const VmProgram& vm, std::size_t i) {
  REQUIRE(i < vm.size());
  REQUIRE(std::holds_alternative<T>(vm[i]));
  return std::get<T>(vm[i]);
}

}  // namespace

TEST_CASE("a bidirectional profile compiles to one stream per port, mirrored") {
  const CompiledProfile compiled = compile_profile(parse_profile(base_profile, "p.json"));
  REQUIRE(compiled.directions.size() == 2);
  CHECK(compiled.directions[0].tx_port == 0);
  CHECK(compiled.directions[0].rx_port == 1);
  CHECK(compiled.directions[1].tx_port == 1);
  CHECK(compiled.directions[1].rx_port == 0);
  CHECK(compiled.all_ports() == std::vector<std::uint8_t>{0, 1});
  REQUIRE(compiled.ports.size() == 2);

  const StreamSpec& forward = compiled.ports[0].streams.at(0);
  CHECK(forward.packet.size() == 60);
  CHECK(forward.flags == 0);  // MACs from the port configuration
  CHECK(forward.mode.type == StreamModeType::continuous);
  // The example of trex-protocol.md §6.3: ip_src 16.0.0.1..16.0.0.254 at offset 26.
  const auto& var = instruction<FlowVar>(forward.vm, 0);
  CHECK(var.name == "src_ip");
  CHECK(var.size_bytes == 4);
  CHECK(var.op == FlowVarOp::inc);
  CHECK(var.init_value == 268435457u);
  CHECK(var.min_value == 268435457u);
  CHECK(var.max_value == 268435710u);
  CHECK(instruction<WriteFlowVar>(forward.vm, 1).pkt_offset == 26);
  CHECK(instruction<FixChecksumIpv4>(forward.vm, 2).pkt_offset == 14);

  // The reverse direction swaps addresses and ports and varies the mirrored field.
  const StreamSpec& reverse = compiled.ports[1].streams.at(0);
  CHECK(reverse.packet.substr(26, 4) == forward.packet.substr(30, 4));
  CHECK(reverse.packet.substr(30, 4) == forward.packet.substr(26, 4));
  CHECK(reverse.packet.substr(34, 2) == forward.packet.substr(36, 2));
  const auto& reverse_var = instruction<FlowVar>(reverse.vm, 0);
  CHECK(reverse_var.name == "dst_ip");
  CHECK(instruction<WriteFlowVar>(reverse.vm, 1).pkt_offset == 30);
}

TEST_CASE("unidirectional pairs load streams on the first port only") {
  const CompiledProfile compiled = compile_profile(parse_profile(
      with(R"({"ports": [0, 1]})", R"({"ports": [2, 3], "bidirectional": false})"), "p.json"));
  REQUIRE(compiled.directions.size() == 1);
  CHECK(compiled.directions[0].tx_port == 2);
  CHECK(compiled.directions[0].rx_port == 3);
  REQUIRE(compiled.ports.size() == 1);
  CHECK(compiled.ports[0].port_id == 2);
}

TEST_CASE("IMIX makes one stream per size with the weight as base rate") {
  const CompiledProfile compiled =
      compile_profile(parse_profile(with(R"("frame_size": 64)", R"("frame_size": "imix")"), "p"));
  const auto& streams = compiled.ports[0].streams;
  REQUIRE(streams.size() == 3);
  CHECK(streams[0].packet.size() == 60);
  CHECK(streams[1].packet.size() == 566);
  CHECK(streams[2].packet.size() == 1514);
  CHECK(streams[0].mode.rate.value == 7.0);
  CHECK(streams[1].mode.rate.value == 4.0);
  CHECK(streams[2].mode.rate.value == 1.0);
}

TEST_CASE("several varied fields step together; random mode and checksum modes") {
  const CompiledProfile incremented = compile_profile(
      parse_profile(with(R"("vary": ["src_ip"])", R"("vary": ["src_ip", "dst_port"])"), "p"));
  const VmProgram& vm = incremented.ports[0].streams[0].vm;
  CHECK(instruction<FlowVar>(vm, 2).name == "dst_port");
  CHECK(instruction<FlowVar>(vm, 2).size_bytes == 2);
  CHECK(instruction<FlowVar>(vm, 2).min_value == 12);
  CHECK(instruction<FlowVar>(vm, 2).max_value == 12 + 253);
  CHECK(instruction<WriteFlowVar>(vm, 3).pkt_offset == 36);

  const CompiledProfile random = compile_profile(parse_profile(
      with(R"("vary": ["src_ip"])", R"("vary": ["src_port"], "mode": "random")"), "p"));
  const VmProgram& rvm = random.ports[0].streams[0].vm;
  CHECK(instruction<FlowVar>(rvm, 0).op == FlowVarOp::random);
  CHECK(rvm.size() == 2);  // ports only: IPv4 header unchanged, UDP checksum 0

  const CompiledProfile hardware = compile_profile(parse_profile(
      with(R"("frame_size": 64)", R"("frame_size": 64, "checksum": "hardware")"), "p"));
  const auto& fix = instruction<FixChecksumHw>(hardware.ports[0].streams[0].vm, 2);
  CHECK(fix.l2_len == 14);
  CHECK(fix.l3_len == 20);
  CHECK(fix.l4_type == FixChecksumHw::l4_udp);
}

TEST_CASE("explicit MACs set the stream flags so TRex keeps them") {
  const CompiledProfile compiled = compile_profile(parse_profile(
      with(R"("frame_size": 64)", R"("frame_size": 64, "ethernet": )"
                                  R"({"src": "02:00:00:00:00:01", "dst": "02:00:00:00:00:02"})"),
      "p"));
  const StreamSpec& forward = compiled.ports[0].streams[0];
  CHECK(forward.flags ==
        (StreamSpec::flag_src_mac_from_packet | StreamSpec::flag_dst_mac_from_packet));
  CHECK(static_cast<unsigned char>(forward.packet[5]) == 2);   // dst MAC
  CHECK(static_cast<unsigned char>(forward.packet[11]) == 1);  // src MAC
  const StreamSpec& reverse = compiled.ports[1].streams[0];
  CHECK(static_cast<unsigned char>(reverse.packet[5]) == 1);
}

TEST_CASE("invalid profiles are refused with the field path and value") {
  struct Case {
    std::string text;
    const char* expected;
  };
  const Case cases[] = {
      {"{", "p.json = (file): not valid JSON"},
      {with(R"("16.0.0.1")", R"("16.0.0.256")"), "p.json:ipv4.src = \"16.0.0.256\": not an IPv4"},
      {with(R"("frame_size": 64)", R"("frame_size": 63)"), "p.json:frame_size = 63"},
      {with(R"("frame_size": 64)", R"("frame_size": 9001)"), "p.json:frame_size = 9001"},
      {with(R"("frame_size": 64)", R"("frame_size": "jumbo")"), "p.json:frame_size = \"jumbo\""},
      {with(R"("frame_size": 64,)", ""), "p.json = "},
      {with(R"("frame_size": 64)", R"("frame_size": 64, "imix": [])"), "not both"},
      {with(R"("frame_size": 64)", R"("imix": [{"frame_size": 64, "weight": 0}])"),
       "p.json:imix[0].weight = 0"},
      {with(R"([{"ports": [0, 1]}])", R"([{"ports": [0, 0]}])"),
       "p.json:port_pairs[0].ports = [0, 0]"},
      {with(R"([{"ports": [0, 1]}])", R"([{"ports": [0, 1]}, {"ports": [1, 2]}])"),
       "p.json:port_pairs[1].ports = [1, 2]: port 1 is already in another pair"},
      {with(R"([{"ports": [0, 1]}])", R"([])"), "p.json:port_pairs = []"},
      {with(R"([{"ports": [0, 1]}])", R"([{"ports": [0, 1], "bidir": true}])"),
       "p.json:port_pairs[0].bidir = true: unknown field"},
      {with(R"("count": 254)", R"("count": 0)"), "p.json:flows.count = 0"},
      {with(R"("count": 254, "vary": ["src_ip"])", R"("count": 65000, "vary": ["src_port"])"),
       "p.json:flows.count = 65000: src_port starts at 1025"},
      {with(R"("vary": ["src_ip"])", R"("vary": ["src_mac"])"),
       "p.json:flows.vary[0] = \"src_mac\""},
      {with(R"("vary": ["src_ip"])", R"("vary": [])"), "p.json:flows.vary = []"},
      {with(R"("udp": {)", R"("udp": {"dport": 1, )"), "p.json:udp.dport = 1: unknown field"},
      {with(R"("dst_port": 12)", R"("dst_port": 70000)"), "p.json:udp.dst_port = 70000"},
      {with(R"("ipv4")", R"("ipv6")"), "p.json:ipv6.src = \"16.0.0.1\": not an IPv6"},
      {with(R"("name": "t")", R"("name": "t", "colour": "red")"), "p.json:colour"},
      {with(R"("frame_size": 64)", R"("frame_size": 64, "vlan": {"id": 4095})"),
       "p.json:vlan.id = 4095"},
      {with(R"("frame_size": 64)", R"("frame_size": 64, "checksum": "auto")"),
       "p.json:checksum = \"auto\""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    CHECK(error_of(c.text).find(c.expected) != std::string::npos);
    if (error_of(c.text).find(c.expected) == std::string::npos) MESSAGE(error_of(c.text));
  }
}

TEST_CASE("IPv4 flows whose range would overflow the address are refused") {
  const std::string text = with(R"("16.0.0.1")", R"("255.255.255.250")");
  CHECK(error_of(text).find("p.json:flows.count = 254") != std::string::npos);
}

TEST_CASE("IPv6 needs hardware checksums to vary flows") {
  const std::string text =
      R"({"port_pairs": [{"ports": [0, 1]}], "frame_size": 78,
          "ipv6": {"src": "2001:db8::1", "dst": "2001:db8::2"},
          "flows": {"count": 10, "vary": ["src_ip"]}, "checksum": "software"})";
  CHECK(error_of(text).find("p.json:checksum = software") != std::string::npos);
}

TEST_CASE("every example profile in etc/profiles loads and compiles") {
  const std::filesystem::path dir =
      std::filesystem::path(trexsearch::testing::build_paths::source_dir()) / "etc/profiles";
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    const TrafficProfile profile = load_profile(entry.path());
    // TRex counts MPLS traffic with port counters only (its flow stats stop at MPLS).
    const CompiledProfile compiled = compile_profile(
        profile, profile.headers.mpls.empty() ? CounterSource::flow_stats : CounterSource::port);
    CHECK_FALSE(compiled.directions.empty());
    CHECK(profile.name == entry.path().stem().string());
    ++count;
  }
  CHECK(count >= 4);
  CHECK_THROWS_WITH_AS(load_profile(dir / "no-such-profile.json"), doctest::Contains("cannot open"),
                       ConfigError);
}

namespace {

// What TRex would be sent for a profile: every stream of every port, as JSON. Two
// profiles that send the same frames at the same shares compare equal.
std::string streams_of(const TrafficProfile& profile) {
  std::string text;
  const CounterSource counters =
      profile.headers.mpls.empty() ? CounterSource::flow_stats : CounterSource::port;
  for (const PortStreams& port : compile_profile(profile, counters).ports) {
    for (const StreamSpec& stream : port.streams) {
      text += std::to_string(port.port_id) + " " + codec::encode_stream(stream).toStyledString();
    }
  }
  return text;
}

}  // namespace

TEST_CASE("encode_profile writes what decode_profile reads back to the same profile") {
  const std::filesystem::path dir =
      std::filesystem::path(trexsearch::testing::build_paths::source_dir()) / "etc/profiles";
  std::vector<TrafficProfile> profiles;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".json") profiles.push_back(load_profile(entry.path()));
  }
  // Fields no example uses: explicit MACs, a VLAN priority, a description, random
  // flows, a compressed IPv6 address, a latency frame size and pg_id base.
  profiles.push_back(
      parse_profile(with(R"("ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},)",
                         R"("description": "all of it", "ethernet": {"src": "02:00:00:00:00:01",
              "dst": "02:00:00:00:00:02"}, "vlan": {"id": 100, "priority": 5},
              "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1", "ttl": 9, "dscp": 46},
              "latency": {"rate_pps": 1234.5, "frame_size": 128, "pg_id_base": 4096},)"),
                    "rich.json"));
  profiles.push_back(parse_profile(R"({"port_pairs": [{"ports": [2, 3], "bidirectional": false}],
      "imix": [{"frame_size": 78, "weight": 3}, {"frame_size": 1500, "weight": 1}],
      "ipv6": {"src": "2001:db8::1", "dst": "2001:db8:0:0:1::ff", "hop_limit": 3},
      "flows": {"count": 100, "vary": ["src_port", "dst_port"], "mode": "random"}})",
                                   "v6.json"));
  REQUIRE(profiles.size() >= 6);
  for (const TrafficProfile& profile : profiles) {
    CAPTURE(profile.name);
    const Json::Value written = encode_profile(profile);
    const TrafficProfile back = decode_profile(written, "stored");
    CHECK(streams_of(back) == streams_of(profile));
    CHECK(back.name == profile.name);
    CHECK(back.description == profile.description);
    CHECK(back.latency.has_value() == profile.latency.has_value());
    CHECK(encode_profile(back) == written);
  }
  CHECK(encode_profile(profiles[profiles.size() - 1])["ipv6"]["dst"].asString() ==
        "2001:db8::1:0:0:ff");
}

TEST_CASE("profile_decodes counts every profile decoded, from text or from a value") {
  const std::uint64_t before = profile_decodes();
  const TrafficProfile profile = parse_profile(base_profile, "p.json");
  CHECK(profile_decodes() == before + 1);
  (void)decode_profile(encode_profile(profile), "again");
  CHECK(profile_decodes() == before + 2);
  (void)compile_profile(profile);
  (void)encode_profile(profile);
  CHECK(profile_decodes() == before + 2);
}

TEST_CASE("TCP flows vary ports and addresses with the NIC fixing the TCP checksum") {
  const std::string text =
      R"({"name": "t", "port_pairs": [{"ports": [0, 1]}], "frame_size": 64,
          "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},
          "tcp": {"src_port": 1025, "dst_port": 80, "flags": "PA", "seq": 7, "window": 1000},
          "flows": {"count": 100, "vary": ["src_ip", "src_port"]}})";
  const TrafficProfile profile = parse_profile(text, "p.json");
  REQUIRE(profile.headers.tcp);
  CHECK(profile.headers.tcp->flags == (TcpHeader::psh | TcpHeader::ack_flag));
  CHECK(profile.checksum == ChecksumMode::hardware);  // TCP's default
  const CompiledProfile compiled = compile_profile(profile);
  const VmProgram& vm = compiled.ports[0].streams[0].vm;
  const auto& fix = instruction<FixChecksumHw>(vm, vm.size() - 1);
  CHECK(fix.l4_type == FixChecksumHw::l4_tcp);
  // The source port's flows start at the TCP header's port, not UDP's default.
  bool port_var = false;
  for (const VmInstruction& entry : vm) {
    if (const auto* var = std::get_if<FlowVar>(&entry); var != nullptr && var->size_bytes == 2) {
      CHECK(var->min_value == 1025);
      CHECK(var->max_value == 1025 + 99);
      port_var = true;
    }
  }
  CHECK(port_var);
  // The reverse direction swaps the ports.
  const std::string& reverse = compiled.ports[1].streams[0].packet;
  CHECK(static_cast<unsigned char>(reverse[34]) == 0);
  CHECK(static_cast<unsigned char>(reverse[35]) == 80);
  // Stored and read back.
  const TrafficProfile back = decode_profile(encode_profile(profile), "stored");
  CHECK(back.headers.tcp->flags == profile.headers.tcp->flags);
  CHECK(back.headers.tcp->window == 1000);
  CHECK(error_of(with(R"("udp": {"src_port": 1025, "dst_port": 12},)",
                      R"("udp": {"src_port": 1}, "tcp": {"flags": "S"},)"))
            .find("p.json:udp = {") != std::string::npos);
  CHECK(
      error_of(with(R"("udp": {"src_port": 1025, "dst_port": 12},)", R"("tcp": {"flags": "SX"},)"))
          .find("p.json:tcp.flags = \"SX\": flags are letters") != std::string::npos);
  CHECK(error_of(with(R"("udp": {"src_port": 1025, "dst_port": 12},)",
                      R"("tcp": {"flags": "S"}, "checksum": "software",)"))
            .find("are mandatory and cover the addresses") != std::string::npos);
}

TEST_CASE("QinQ in the profile: vlan_outer needs vlan, and flows write past both tags") {
  const std::string qinq = with(R"("udp": {"src_port": 1025, "dst_port": 12},)",
                                R"("udp": {"src_port": 1025, "dst_port": 12},
                                   "vlan": {"id": 100}, "vlan_outer": {"id": 300, "priority": 3},)");
  const TrafficProfile profile = parse_profile(qinq, "p.json");
  REQUIRE(profile.headers.outer_vlan);
  CHECK(profile.headers.outer_vlan->id == 300);
  const CompiledProfile compiled = compile_profile(profile);
  const auto& write = instruction<WriteFlowVar>(compiled.ports[0].streams[0].vm, 1);
  CHECK(write.pkt_offset == 22 + 12);  // the IPv4 source address after both tags
  const TrafficProfile back = decode_profile(encode_profile(profile), "stored");
  CHECK(back.headers.outer_vlan->priority == 3);
  CHECK(error_of(with(R"("udp": {"src_port": 1025, "dst_port": 12},)",
                      R"("udp": {"src_port": 1025, "dst_port": 12}, "vlan_outer": {"id": 300},)"))
            .find("p.json:vlan_outer = {\"id\":300}: QinQ needs the inner 802.1Q tag") !=
        std::string::npos);
}
