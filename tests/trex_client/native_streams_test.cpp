// Native TRex streams (`trex_streams`): what TRex's own stl-sim prints for its
// example profiles (tests/trex_client/stl/, TRex v3.08's scripts/stl) decodes, keeps
// every packet byte and field-engine instruction, compiles with the measurer's own
// counters and pps weights, and what a throughput trial cannot run is refused naming
// the port, the stream, the field and its value.
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "measure/errors.hpp"
#include "tests/support/build_paths.hpp"
#include "trex_client/codec/json_text.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/codec/stream_codec.hpp"
#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/profile/line_rate.hpp"
#include "trex_client/profile/native_streams.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::ConfigError;
namespace build_paths = trexsearch::testing::build_paths;

namespace {

Json::Value json_of(const std::string& text) {
  std::string error;
  const std::optional<Json::Value> json = codec::parse_json(text, error);
  REQUIRE_MESSAGE(json, error);
  return *json;
}

// What `stl-sim -f stl/NAME.py -i 0 --json` printed.
Json::Value stl_sim(const std::string& name) {
  std::ifstream file(build_paths::source_file("tests/trex_client/stl/" + name + ".json"));
  REQUIRE_MESSAGE(file, name);
  std::ostringstream text;
  text << file.rdbuf();
  return json_of(text.str());
}

// Equal as TRex reads them: numbers by value (stl-sim writes 0 where the codec
// writes 0.0, an unsigned 0 where it writes a signed one), the rest exactly.
bool same_json(const Json::Value& a, const Json::Value& b) {
  if (a.isNumeric() && b.isNumeric() && !a.isBool() && !b.isBool()) {
    return a.isIntegral() && b.isIntegral()
               ? (a.isUInt64() && b.isUInt64() ? a.asUInt64() == b.asUInt64()
                                               : a.asLargestInt() == b.asLargestInt())
               : a.asDouble() == b.asDouble();
  }
  if (a.type() != b.type()) return false;
  if (a.isArray()) {
    if (a.size() != b.size()) return false;
    for (Json::ArrayIndex i = 0; i < a.size(); ++i) {
      if (!same_json(a[i], b[i])) return false;
    }
    return true;
  }
  if (a.isObject()) {
    if (a.getMemberNames() != b.getMemberNames()) return false;
    for (const std::string& key : a.getMemberNames()) {
      if (!same_json(a[key], b[key])) return false;
    }
    return true;
  }
  return a == b;
}

// A unidirectional 0 -> 1 profile with `streams` for every transmitting port.
Json::Value profile_with(const Json::Value& streams, bool bidirectional = false) {
  Json::Value profile(Json::objectValue);
  profile["name"] = "native";
  Json::Value pair(Json::objectValue);
  pair["ports"].append(0);
  pair["ports"].append(1);
  pair["bidirectional"] = bidirectional;
  profile["port_pairs"].append(pair);
  profile["trex_streams"] = streams;
  return profile;
}

std::string error_of(const Json::Value& profile,
                     CounterSource counters = CounterSource::flow_stats) {
  try {
    compile_profile(decode_profile(profile, "p.json"), counters);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(accepted)";
}

const char* const continuous_profiles[] = {
    "imix",
    "udp_1pkt_tuple_gen",
    "udp_1pkt_mac_mask1",
    "udp_1pkt_repeat_random",
    "udp_1pkt_range_clients",
    "udp_1pkt_dot1q",
    "syn_attack",
    "udp_1pkt_src_ip_split",
    "udp_1pkt_simple_list_test",
    "flow_stats",
};

}  // namespace

TEST_CASE("stl-sim's streams of TRex's example profiles are sent with every byte as given") {
  for (const char* name : continuous_profiles) {
    CAPTURE(name);
    const Json::Value given = stl_sim(name);
    const TrafficProfile profile = decode_profile(profile_with(given), "p.json");
    const CompiledProfile compiled = compile_profile(profile);
    REQUIRE(compiled.ports.size() == 1);
    const std::vector<StreamSpec>& sent = compiled.ports[0].streams;
    REQUIRE(sent.size() == given.size());
    for (Json::ArrayIndex i = 0; i < given.size(); ++i) {
      CAPTURE(i);
      // The packet and the field-engine program, exactly.
      CHECK(codec::base64_encode(sent[i].packet) == given[i]["packet"]["binary"].asString());
      CHECK(same_json(codec::encode_vm(sent[i].vm), given[i]["vm"]["instructions"]));
      const Json::Value wire = codec::encode_stream(sent[i]);
      for (const char* key : {"isg", "flags", "enabled", "self_start", "core_id", "action_count"}) {
        CAPTURE(key);
        CHECK(same_json(wire[key], given[i][key]));
      }
      if (given[i]["vm"].isMember("cache")) {
        CHECK(same_json(wire["vm"]["cache"], given[i]["vm"]["cache"]));
      }
      // The measurer's own counters and the stream's rate as its pps weight.
      CHECK(sent[i].flow_stats.enabled);
      CHECK(sent[i].flow_stats.pg_id == compiled.directions[0].pg_id);
      CHECK(sent[i].flow_stats.rule_type == "stats");
      CHECK(sent[i].mode.rate.type == RateType::pps);
      CHECK(sent[i].mode.rate.value ==
            doctest::Approx(given[i]["mode"]["rate"]["value"].asDouble()));
    }
    // Stored and read back: the same streams.
    const TrafficProfile back = decode_profile(encode_profile(profile), "stored");
    CHECK(encode_profile(back) == encode_profile(profile));
  }
}

TEST_CASE("an IMIX of TRex streams: weights from the rates, the mean frame from the packets") {
  const TrafficProfile profile = decode_profile(profile_with(stl_sim("imix")), "p.json");
  // stl/imix.py: 60, 590 and 1514-byte packets at 28, 16 and 4 pps (64, 594, 1518 B frames).
  const double mean = (28.0 * 64 + 16.0 * 594 + 4.0 * 1518) / 48.0;
  REQUIRE(mean_frame_bytes(profile));
  CHECK(*mean_frame_bytes(profile) == doctest::Approx(mean));

  // Bit rates become packets per second of each stream's frame (L1 with 20 B more).
  Json::Value streams = stl_sim("imix");
  streams[0]["mode"]["rate"] = json_of(R"({"type": "bps_L2", "value": 512000})");
  streams[1]["mode"]["rate"] = json_of(R"({"type": "bps_L1", "value": 614000})");
  const CompiledProfile compiled = compile_profile(decode_profile(profile_with(streams), "p.json"));
  CHECK(compiled.ports[0].streams[0].mode.rate.value == doctest::Approx(1000.0));
  CHECK(compiled.ports[0].streams[1].mode.rate.value == doctest::Approx(125.0));
}

TEST_CASE("a field engine that varies the frame size needs a declared mean frame size") {
  Json::Value profile = profile_with(stl_sim("udp_inc_len_9k"));
  CHECK_FALSE(mean_frame_bytes(decode_profile(profile, "p.json")));
  profile["mean_frame_size"] = 4647.0;
  CHECK(*mean_frame_bytes(decode_profile(profile, "p.json")) == 4647.0);
  profile["mean_frame_size"] = 10000.0;
  CHECK(error_of(profile).find("mean_frame_size = 10000") != std::string::npos);
}

TEST_CASE("streams per port: each transmitting port sends its own, and each needs some") {
  Json::Value streams(Json::objectValue);
  streams["0"] = stl_sim("imix");
  streams["1"] = stl_sim("udp_1pkt_tuple_gen");
  const CompiledProfile compiled =
      compile_profile(decode_profile(profile_with(streams, true), "p.json"));
  REQUIRE(compiled.ports.size() == 2);
  CHECK(compiled.ports[0].streams.size() == 3);
  CHECK(compiled.ports[1].streams.size() == 1);
  CHECK(compiled.ports[1].streams[0].flow_stats.pg_id == 2);

  streams.removeMember("1");
  const std::string missing = error_of(profile_with(streams, true));
  CHECK(missing.find("port 1 transmits in port_pairs but has no streams") != std::string::npos);
  streams["1"] = stl_sim("imix");
  streams["3"] = stl_sim("imix");
  CHECK(error_of(profile_with(streams, true)).find("trex_streams.3") != std::string::npos);
  Json::Value bad_key(Json::objectValue);
  bad_key["eth0"] = stl_sim("imix");
  CHECK(error_of(profile_with(bad_key)).find("\"eth0\" is not a port id") != std::string::npos);
}

TEST_CASE("what a throughput trial cannot run is refused, naming port, stream and value") {
  struct Case {
    const char* what;
    const char* profile;
    std::function<void(Json::Value&)> change;
    const char* message;
  };
  const Case cases[] = {
      {"single burst", "udp_1pkt_mpls_vm", [](Json::Value&) {},
       "trex_streams.0[0].mode.type = \"single_burst\": a throughput trial needs continuous"},
      {"a chain of bursts", "burst_3st_1000pkt", [](Json::Value&) {},
       "trex_streams.0[0].mode.type = \"single_burst\""},
      {"multi burst", "multi_burst_2st_1000pkt",
       [](Json::Value& s) { s[0]["mode"] = s[1]["mode"]; },
       "trex_streams.0[0].mode.type = \"multi_burst\""},
      {"next", "burst_3st_1000pkt",
       [](Json::Value& s) {
         s.resize(1);
         s[0]["mode"] = json_of(R"({"type": "continuous", "rate": {"type": "pps", "value": 1}})");
       },
       "trex_streams.0[0].next = \"S1\": stream chains cannot run"},
      {"self_start false", "imix", [](Json::Value& s) { s[2]["self_start"] = false; },
       "trex_streams.0[2].self_start = false"},
      {"paused", "imix", [](Json::Value& s) { s[1]["start_paused"] = true; },
       "trex_streams.0[1].start_paused = true: a paused stream sends nothing"},
      {"disabled", "imix", [](Json::Value& s) { s[1]["enabled"] = false; },
       "trex_streams.0[1].enabled = false"},
      {"null stream", "imix", [](Json::Value& s) { s[0]["flags"] = 8; },
       "trex_streams.0[0].flags = 8: bit 3 makes it a null stream"},
      {"latency rule", "flow_stats",
       [](Json::Value& s) { s[0]["flow_stats"]["rule_type"] = "latency"; },
       "trex_streams.0[0].flow_stats.rule_type = \"latency\""},
      {"percent mixed with pps", "imix",
       [](Json::Value& s) {
         s[1]["mode"]["rate"] = json_of(R"({"type": "percentage", "value": 10})");
       },
       "trex_streams.0[1].mode.rate.type = \"percentage\": port 0 mixes percentage rates"},
      {"undefined variable", "udp_1pkt_range_clients",
       [](Json::Value& s) { s[0]["vm"]["instructions"][1]["name"] = "nosuch"; },
       "trex_streams.0[0].vm.instructions[1].name = \"nosuch\": no instruction before it"},
      {"write past the end", "udp_1pkt_range_clients",
       [](Json::Value& s) { s[0]["vm"]["instructions"][1]["pkt_offset"] = 59; },
       "trex_streams.0[0].vm.instructions[1].pkt_offset = 59: its 2-byte write runs past the end "
       "of the 60-byte packet"},
      {"unknown instruction", "imix",
       [](Json::Value& s) { s[0]["vm"]["instructions"][0]["type"] = "flow_var_x"; },
       "trex_streams[0].vm.instructions[0].type = \"flow_var_x\": is not a field-engine"},
      {"flow_var out of range", "imix",
       [](Json::Value& s) { s[0]["vm"]["instructions"][0]["init_value"] = 1; },
       "trex_streams[0].vm.instructions[0].init_value = 1: must be within [min_value"},
      {"zero step", "imix", [](Json::Value& s) { s[0]["vm"]["instructions"][0]["step"] = 0; },
       "trex_streams[0].vm.instructions[0].step = 0: must be at least 1"},
      {"unknown key", "imix", [](Json::Value& s) { s[0]["colour"] = "red"; },
       "trex_streams[0].colour"},
      {"not base64", "imix", [](Json::Value& s) { s[0]["packet"]["binary"] = "%%%"; },
       "trex_streams[0].packet.binary = \"%%%\": is not base64"},
      {"too short a packet", "imix", [](Json::Value& s) { s[0]["packet"]["binary"] = "AAAA"; },
       "is a 3-byte packet: TRex takes 14 to 9238 bytes"},
  };
  for (const Case& c : cases) {
    INFO(std::string(c.what));
    Json::Value streams = stl_sim(c.profile);
    c.change(streams);
    // Keyed by port 0 except where a shared list is under test (its paths have no port).
    const std::string message = c.message;
    Json::Value given = streams;
    if (message.rfind("trex_streams.0", 0) == 0) {
      given = Json::Value(Json::objectValue);
      given["0"] = streams;
    }
    const std::string error = error_of(profile_with(given));
    CHECK_MESSAGE(error.find(message) != std::string::npos, error);
  }
}

TEST_CASE("per-stream counters need an IP header; port counters do not") {
  Json::Value streams(Json::objectValue);
  streams["0"] = stl_sim("udp_1pkt_mpls_vm");
  streams["0"][0]["mode"] =
      json_of(R"({"type": "continuous", "rate": {"type": "pps", "value": 1}})");
  const Json::Value profile = profile_with(streams);
  const std::string error = error_of(profile);
  CHECK(error.find("trex_streams.0[0].packet.binary = EtherType 0x8847") != std::string::npos);
  CHECK(error.find("\"counters\": \"port\"") != std::string::npos);
  CHECK(error_of(profile, CounterSource::port) == "(accepted)");
  // An 802.1Q tag before the IP header is fine.
  CHECK(error_of(profile_with(stl_sim("udp_1pkt_dot1q"))) == "(accepted)");
}

TEST_CASE("trex_streams and the profile language's packet keys do not mix") {
  Json::Value profile = profile_with(stl_sim("imix"));
  profile["frame_size"] = 64;
  CHECK(error_of(profile).find("p.json:frame_size = 64: trex_streams gives the packets") !=
        std::string::npos);
  Json::Value latency = profile_with(stl_sim("imix"));
  latency["latency"] = json_of(R"({"rate_pps": 1000})");
  CHECK(error_of(latency).find("latency streams with trex_streams are not supported yet") !=
        std::string::npos);
  Json::Value mean = json_of(R"({"port_pairs": [{"ports": [0, 1]}], "frame_size": 64,
      "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"}, "mean_frame_size": 100})");
  CHECK(error_of(mean).find("mean_frame_size = 100: is for trex_streams") != std::string::npos);
}

TEST_CASE("packets from a capture: each frame a stream, its weight its share, varied fields") {
  // imix.py's first packet (IPv4/UDP, 60 bytes) and a 590-byte one, as a capture holds them.
  const Json::Value imix = stl_sim("imix");
  Json::Value profile = json_of(R"({"name": "captured", "port_pairs": [{"ports": [0, 1]}]})");
  Json::Value first(Json::objectValue);
  first["bytes"] = imix[0]["packet"]["binary"];
  first["weight"] = 3;
  first["vary"] = json_of(R"([{"offset": 26, "size": 4, "count": 100}])");
  Json::Value second(Json::objectValue);
  second["bytes"] = imix[1]["packet"]["binary"];
  profile["packets"].append(first);
  profile["packets"].append(second);
  const TrafficProfile decoded = decode_profile(profile, "p.json");
  const CompiledProfile compiled = compile_profile(decoded);
  REQUIRE(compiled.ports.size() == 2);  // both directions send every packet
  const std::vector<StreamSpec>& sent = compiled.ports[0].streams;
  REQUIRE(sent.size() == 2);
  CHECK(codec::base64_encode(sent[0].packet) == imix[0]["packet"]["binary"].asString());
  CHECK(sent[0].mode.rate.value == 3.0);
  CHECK(sent[1].mode.rate.value == 1.0);
  CHECK(sent[0].flags == 0);  // the port's MACs, as for any TRex stream
  REQUIRE(sent[0].vm.size() == 3);
  const auto& var = std::get<FlowVar>(sent[0].vm[0]);
  CHECK(var.init_value == 0x10000001);  // 16.0.0.1, the packet's own source address
  CHECK(var.max_value == 0x10000001 + 99);
  CHECK(std::get<WriteFlowVar>(sent[0].vm[1]).pkt_offset == 26);
  const auto& fix = std::get<FixChecksumHw>(sent[0].vm[2]);
  CHECK(fix.l2_len == 14);
  CHECK(fix.l3_len == 20);
  CHECK(fix.l4_type == FixChecksumHw::l4_udp);
  CHECK(sent[1].vm.empty());
  CHECK(*mean_frame_bytes(decoded) == doctest::Approx((3.0 * 64 + 594) / 4.0));
  // Stored and read back: the same streams (as trex_streams).
  CHECK(encode_profile(decode_profile(encode_profile(decoded), "stored")) ==
        encode_profile(decoded));
}

TEST_CASE("packets: what cannot be sent is refused naming the packet and field") {
  const std::string packet = stl_sim("imix")[0]["packet"]["binary"].asString();
  const auto with_packet = [&](const std::string& entry) {
    return json_of(R"({"port_pairs": [{"ports": [0, 1]}], "packets": [)" + entry + "]}");
  };
  const auto error_with = [&](const std::string& entry) { return error_of(with_packet(entry)); };
  CHECK(error_with(R"({"bytes": "%%%"})").find("packets[0].bytes = \"%%%\": is not base64") !=
        std::string::npos);
  CHECK(error_with(R"({"bytes": ")" + packet +
                   R"(", "vary": [{"offset": 58, "size": 4, "count": 2}]})")
            .find("packets[0].vary[0].offset = 58: the 4-byte field runs past the end") !=
        std::string::npos);
  CHECK(error_with(R"({"bytes": ")" + packet +
                   R"(", "vary": [{"offset": 59, "size": 1, "count": 300}]})")
            .find("packets[0].vary[0].count = 300: from the packet's value") != std::string::npos);
  CHECK(error_with(R"({"bytes": ")" + packet + R"(", "weight": 0})")
            .find("packets[0].weight = 0: must be a positive number") != std::string::npos);
  Json::Value both = with_packet(R"({"bytes": ")" + packet + R"("})");
  both["frame_size"] = 64;
  CHECK(error_of(both).find("frame_size = 64: packets gives the frames") != std::string::npos);
  Json::Value pcap = json_of(R"({"port_pairs": [{"ports": [0, 1]}], "packets_pcap": "x.pcap"})");
  CHECK(error_of(pcap).find("packets_pcap = \"x.pcap\": names a capture file") !=
        std::string::npos);
}
