// Latency sections of traffic profiles: defaults, the streams they compile to (own
// TRex profile, fixed rate, latency pg_ids) and every refusal naming its field.
#include <doctest/doctest.h>

#include <string>

#include "measure/errors.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/profile/latency_streams.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::ConfigError;

namespace {

std::string profile_text(
    const std::string& latency, const std::string& frame = "\"frame_size\": 64",
    const std::string& ip = R"("ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"})",
    const std::string& pairs = R"([{"ports": [0, 1]}])") {
  return R"({"name": "lat", "port_pairs": )" + pairs + ", " + frame + ", " + ip +
         R"(, "flows": {"count": 10, "vary": ["src_port"]})" +
         (latency.empty() ? "" : ", \"latency\": " + latency) + "}";
}

std::string error_of(const std::string& text) {
  try {
    compile_profile(parse_profile(text, "p.json"));
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("a profile without a latency section compiles to no latency stream") {
  const CompiledProfile compiled = compile_profile(parse_profile(profile_text(""), "p.json"));
  CHECK_FALSE(compiled.has_latency());
  REQUIRE(compiled.ports.size() == 2);
  for (const PortStreams& port : compiled.ports) CHECK(port.profile_id == main_profile_id);
  for (const TrafficDirection& direction : compiled.directions) CHECK_FALSE(direction.latency);
}

TEST_CASE(
    "an empty latency section gives CSIT's defaults: 9000 pps, the profile's frame, 0x100+i") {
  const TrafficProfile profile = parse_profile(profile_text("{}"), "p.json");
  REQUIRE(profile.latency);
  CHECK(profile.latency->rate_pps == 9000.0);
  CHECK_FALSE(profile.latency->frame_size);
  CHECK(profile.latency->pg_id_base == 0x100);

  const CompiledProfile compiled = compile_profile(profile);
  CHECK(compiled.has_latency());
  REQUIRE(compiled.directions.size() == 2);
  CHECK(compiled.directions[0].pg_id == 1u);
  CHECK(compiled.directions[1].pg_id == 2u);
  REQUIRE(compiled.directions[0].latency);
  CHECK(compiled.directions[0].latency->pg_id == 0x100);
  CHECK(compiled.directions[1].latency->pg_id == 0x101);
  CHECK(compiled.directions[1].latency->rate_pps == 9000.0);

  // Main streams first (profile "_"), then one latency stream per direction in the
  // "latency" TRex profile of its transmitting port.
  REQUIRE(compiled.ports.size() == 4);
  CHECK(compiled.ports[0].profile_id == main_profile_id);
  CHECK(compiled.ports[1].profile_id == main_profile_id);
  for (std::size_t i = 0; i < 2; ++i) {
    const PortStreams& port = compiled.ports[2 + i];
    CAPTURE(i);
    CHECK(port.profile_id == latency_profile_id);
    CHECK(port.port_id == compiled.directions[i].tx_port);
    REQUIRE(port.streams.size() == 1);
    const StreamSpec& stream = port.streams[0];
    CHECK(stream.flow_stats.enabled);
    CHECK(stream.flow_stats.rule_type == "latency");
    CHECK(stream.flow_stats.pg_id == 0x100 + i);
    CHECK(stream.mode.type == StreamModeType::continuous);
    CHECK(stream.mode.rate.type == RateType::pps);
    CHECK(stream.mode.rate.value == 9000.0);
    CHECK(stream.packet.size() == 60);
    // One flow: no field engine (IPv4, software checksums: UDP checksum 0).
    CHECK(stream.vm.empty());
  }
  // The reverse latency stream mirrors the addresses like the main one does.
  CHECK(compiled.ports[3].streams[0].packet.substr(26, 8) ==
        compiled.ports[1].streams[0].packet.substr(26, 8));
}

TEST_CASE("latency streams exist with port counters too, for their own counts") {
  const CompiledProfile compiled =
      compile_profile(parse_profile(profile_text("{}"), "p.json"), CounterSource::port);
  CHECK_FALSE(compiled.directions[0].pg_id);
  REQUIRE(compiled.directions[0].latency);
  CHECK(compiled.directions[0].latency->pg_id == 0x100);
  CHECK(compiled.ports.size() == 4);
}

TEST_CASE("rate, frame size and pg_id base are configurable") {
  const TrafficProfile profile =
      parse_profile(profile_text(R"({"rate_pps": 1000, "frame_size": 128, "pg_id_base": 4096})",
                                 R"("frame_size": "imix")"),
                    "p.json");
  const CompiledProfile compiled = compile_profile(profile);
  CHECK(compiled.directions[1].latency->pg_id == 4097);
  const StreamSpec& stream = compiled.ports.back().streams.at(0);
  CHECK(stream.mode.rate.value == 1000.0);
  CHECK(stream.packet.size() == 124);
}

TEST_CASE("IPv6 latency frames need 82 bytes and get the NIC to fix the UDP checksum") {
  const std::string ipv6 = R"("ipv6": {"src": "2001:db8::1", "dst": "2001:db8::2"})";
  CHECK(error_of(profile_text("{}", "\"frame_size\": 78", ipv6))
            .find("p.json:frame_size = 78: a latency frame must be in [82, 9000] bytes: IPv6/UDP "
                  "needs 16 bytes of payload") != std::string::npos);
  const CompiledProfile compiled = compile_profile(
      parse_profile(profile_text(R"({"frame_size": 82})", "\"frame_size\": 78", ipv6), "p"));
  const StreamSpec& stream = compiled.ports.back().streams.at(0);
  CHECK(stream.packet.size() == 78);
  REQUIRE(stream.vm.size() == 1);
  const auto& fix = std::get<FixChecksumHw>(stream.vm[0]);
  CHECK(fix.l3_len == 40);
}

TEST_CASE("invalid latency sections are refused naming the field and value") {
  struct Case {
    std::string text;
    const char* expected;
  };
  const std::string vlan = R"("frame_size": 64, "vlan": {"id": 10})";
  const Case cases[] = {
      {profile_text(R"({"rate_pps": 0})"), "p.json:latency.rate_pps = 0: must be in (0, 1000000]"},
      {profile_text(R"({"rate_pps": -5})"), "p.json:latency.rate_pps = -5"},
      {profile_text(R"({"rate_pps": 2e6})"), "p.json:latency.rate_pps = 2000000: must be in"},
      {profile_text(R"({"rate_pps": 600000})"),
       "p.json:latency.rate_pps = 600000: 2 directions send 1200000 latency frames/s in total"},
      {profile_text(R"({"rate_pps": "fast"})"), "p.json:latency.rate_pps = \"fast\""},
      {profile_text(R"({"frame_size": 63})"), "p.json:latency.frame_size = 63: a latency frame"},
      {profile_text(R"({"frame_size": 9001})"), "p.json:latency.frame_size = 9001"},
      {profile_text("{}", vlan),
       "p.json:frame_size = 64: a latency frame must be in [66, 9000] "
       "bytes: IPv4 + VLAN/UDP"},
      {profile_text("{}", R"("frame_size": "imix")"),
       "p.json:latency.frame_size = (missing): an IMIX profile needs one integer latency frame "
       "size"},
      {profile_text(R"({"frame_size": "imix"})"), "p.json:latency.frame_size = \"imix\""},
      {profile_text(R"({"pg_id_base": 2})"),
       "p.json:latency.pg_id_base = 2: collides with the main streams' pg_ids 1..2"},
      {profile_text(R"({"pg_id_base": 4294967295})"),
       "p.json:latency.pg_id_base = 4294967295: the last direction's pg_id would overflow"},
      {profile_text(R"({"rate": 1000})"), "p.json:latency.rate = 1000: unknown field"},
      {profile_text("true"), "p.json:latency = true"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const std::string error = error_of(c.text);
    CAPTURE(error);
    CHECK(error.find(c.expected) != std::string::npos);
  }
  // One direction: pg_id_base 2 no longer collides.
  CHECK(error_of(profile_text(R"({"pg_id_base": 2})", "\"frame_size\": 64",
                              R"("ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"})",
                              R"([{"ports": [0, 1], "bidirectional": false}])")) == "(accepted)");
}
