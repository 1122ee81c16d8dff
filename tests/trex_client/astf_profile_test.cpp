// ASTF profiles (trex-astf.md §2): the declarative template compiles to the JSON TRex's
// own Python writes for CSIT's four NAT44 profiles (fixtures printed by astf-sim, see
// tests/trex_client/fixtures/astf/README.md), TRex's examples parse with the right
// rate, protocol, sessions and packets per transaction, and broken profiles are
// refused naming the field.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "measure/errors.hpp"
#include "tests/support/build_paths.hpp"
#include "trex_client/codec/astf/astf_profile_codec.hpp"
#include "trex_client/codec/astf/md5_hex.hpp"
#include "trex_client/codec/json_text.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::ConfigError;
namespace build_paths = trexsearch::testing::build_paths;

namespace {

std::string fixture_path(const std::string& name) {
  return build_paths::source_file("tests/trex_client/fixtures/astf/" + name + ".json");
}

std::string fixture_text(const std::string& name) {
  std::ifstream file(fixture_path(name));
  REQUIRE_MESSAGE(file, name);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

Json::Value json_of(const std::string& text) {
  std::string error;
  const std::optional<Json::Value> json = codec::parse_json(text, error);
  REQUIRE_MESSAGE(json, error);
  return *json;
}

// CSIT's NAT44 addressing: 1024 clients, 1024 servers, 64512 sessions (h1024-p63-s64512).
AstfTemplate csit(AstfProtocol protocol, AstfTransaction transaction, std::uint32_t frame) {
  AstfTemplate spec;
  spec.protocol = protocol;
  spec.transaction = transaction;
  spec.frame_size = frame;
  spec.client_start = "192.168.0.0";
  spec.client_end = "192.168.3.255";
  spec.server_start = "20.0.0.0";
  spec.server_end = "20.0.3.255";
  spec.ip_offset = "0.0.0.1";
  spec.sessions = 64512;
  return spec;
}

struct Golden {
  const char* fixture;
  AstfTemplate spec;
  AstfProtocol protocol;
  std::uint32_t client, server;  // CSIT's packets per transaction and direction
};

// The field a ConfigError names, and its message, for a profile text.
std::string refusal(const Json::Value& json, const std::string& source = "p.json") {
  try {
    decode_astf_profile(json, source);
  } catch (const ConfigError& error) {
    return error.field() + " | " + error.what();
  }
  FAIL("the profile was accepted");
  return {};
}

}  // namespace

TEST_CASE("the MD5 of a known string is RFC 1321's") {
  CHECK(md5_hex("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(md5_hex("The quick brown fox jumps over the lazy dog") ==
        "9e107d9d372bb6826bd81d3542a419d6");
}

TEST_CASE("each template compiles to the JSON Python writes for CSIT's profile") {
  const std::vector<Golden> cases{
      {"csit_udp_cps", csit(AstfProtocol::udp, AstfTransaction::cps, 64), AstfProtocol::udp, 1, 1},
      {"csit_tcp_cps", csit(AstfProtocol::tcp, AstfTransaction::cps, 64), AstfProtocol::tcp, 4, 3},
      {"csit_udp_tput", csit(AstfProtocol::udp, AstfTransaction::tput, 100), AstfProtocol::udp, 5,
       5},
      {"csit_tcp_tput", csit(AstfProtocol::tcp, AstfTransaction::tput, 1518), AstfProtocol::tcp, 9,
       7},
  };
  for (const Golden& c : cases) {
    CAPTURE(c.fixture);
    const AstfProfile profile = compile_astf_template(c.spec);
    CHECK(json_of(profile.json) == json_of(fixture_text(c.fixture)));
    CHECK(profile.source == "template");
    CHECK(profile.protocol == c.protocol);
    CHECK(profile.total_cps == 1.0);
    CHECK(profile.sessions == std::optional<std::uint64_t>(64512));
    CHECK(profile.templates == 1);
    CHECK(profile.client_packets_per_transaction == std::optional<std::uint32_t>(c.client));
    CHECK(profile.server_packets_per_transaction == std::optional<std::uint32_t>(c.server));
    CHECK(profile.packets_per_transaction == std::optional<std::uint32_t>(c.client + c.server));
    CHECK(profile.from_template == std::optional<AstfTemplate>(c.spec));
    CHECK(profile.md5_hex == md5_hex(profile.json));
  }
}

TEST_CASE("the default template is TRex's example addressing without a limit") {
  const AstfProfile profile = compile_astf_template(AstfTemplate{});
  CHECK(json_of(profile.json) == json_of(fixture_text("defaults_udp_cps")));
  CHECK_FALSE(profile.sessions.has_value());
}

TEST_CASE("the uploaded text is compact, keys sorted, and the same for the same template") {
  const AstfProfile profile =
      compile_astf_template(csit(AstfProtocol::tcp, AstfTransaction::cps, 64));
  CHECK(profile.json.find_first_of(" \n") == std::string::npos);
  CHECK(profile.json.rfind("{\"buf_list\":[],\"ip_gen_dist_list\":", 0) == 0);
  CHECK(profile.json ==
        compile_astf_template(csit(AstfProtocol::tcp, AstfTransaction::cps, 64)).json);
  CHECK(profile.md5_hex.size() == 32);
}

TEST_CASE("the data frames of a tput template set its packets per transaction") {
  AstfTemplate udp = csit(AstfProtocol::udp, AstfTransaction::tput, 64);
  udp.data_frames = 3;
  CHECK(compile_astf_template(udp).packets_per_transaction == std::optional<std::uint32_t>(6));
  AstfTemplate tcp = csit(AstfProtocol::tcp, AstfTransaction::tput, 100);
  tcp.data_frames = 1;
  // CSIT: 6 + 2 * frames in all, 4 + frames in the busier direction.
  CHECK(compile_astf_template(tcp).packets_per_transaction == std::optional<std::uint32_t>(8));
  CHECK(compile_astf_template(tcp).client_packets_per_transaction ==
        std::optional<std::uint32_t>(5));
}

TEST_CASE("TRex's own examples parse with their rate, protocol and packets") {
  const AstfProfile udp = load_astf_profile(fixture_path("udp1"));
  CHECK(udp.source == fixture_path("udp1"));
  CHECK(udp.protocol == AstfProtocol::udp);
  CHECK(udp.total_cps == 1.0);
  CHECK_FALSE(udp.sessions.has_value());
  CHECK(udp.templates == 1);
  CHECK(udp.packets_per_transaction == std::optional<std::uint32_t>(2));
  CHECK(json_of(udp.json) == json_of(fixture_text("udp1")));
  CHECK(udp.md5_hex == md5_hex(udp.json));
  CHECK_FALSE(udp.from_template.has_value());

  // A pcap-made HTTP flow: TCP, 2.776 connections/s, packets depend on TCP's segmenting.
  const AstfProfile http = parse_astf_profile(fixture_text("http_simple"), "inline");
  CHECK(http.protocol == AstfProtocol::tcp);
  CHECK(http.total_cps == doctest::Approx(2.776).epsilon(1e-12));
  CHECK_FALSE(http.packets_per_transaction.has_value());
  CHECK(json_of(http.json) == json_of(fixture_text("http_simple")));
}

TEST_CASE("templates' rates and limits add up; mixed packet counts are not told") {
  Json::Value json = json_of(fixture_text("udp1"));
  Json::Value second = json["templates"][0];
  second["client_template"]["cps"] = 2.5;
  second["client_template"]["limit"] = 100;
  json["templates"].append(second);
  AstfProfile profile = decode_astf_profile(json, "two.json");
  CHECK(profile.templates == 2);
  CHECK(profile.total_cps == 3.5);
  CHECK_FALSE(profile.sessions.has_value());  // the first template has no limit
  CHECK(profile.packets_per_transaction == std::optional<std::uint32_t>(2));

  json["templates"][0]["client_template"]["limit"] = 50;
  CHECK(decode_astf_profile(json, "two.json").sessions == std::optional<std::uint64_t>(150));

  // A third template whose server answers twice: no one count for a transaction.
  Json::Value twice = json["program_list"][1];
  twice["commands"].append(twice["commands"][1]);
  json["program_list"].append(twice);
  Json::Value third = json["templates"][0];
  third["server_template"]["program_index"] = 2;
  json["templates"].append(third);
  CHECK_FALSE(decode_astf_profile(json, "three.json").packets_per_transaction.has_value());
}

TEST_CASE("a program whose flow is not followed tells no packet count") {
  Json::Value json = json_of(fixture_text("udp1"));
  Json::Value cmp(Json::objectValue);
  cmp["name"] = "jmp_cmp";
  cmp["offset"] = 1;
  json["program_list"][0]["commands"].append(cmp);
  const AstfProfile profile = decode_astf_profile(json, "cmp.json");
  CHECK_FALSE(profile.packets_per_transaction.has_value());
  CHECK_FALSE(profile.client_packets_per_transaction.has_value());
}

TEST_CASE("broken profiles are refused naming the field") {
  const Json::Value good = json_of(fixture_text("udp1"));
  Json::Value json = good;
  SUBCASE("a program index out of range") {
    json["templates"][0]["client_template"]["program_index"] = 2;
    CHECK(refusal(json).find("p.json:templates[0].client_template.program_index | ") == 0);
    CHECK(refusal(json).find("index out of range: program_list has 2 entries") !=
          std::string::npos);
  }
  SUBCASE("no templates") {
    json.removeMember("templates");
    CHECK(refusal(json).find("p.json:templates | ") == 0);
    json["templates"] = Json::Value(Json::arrayValue);
    CHECK(refusal(json).find("needs at least one template") != std::string::npos);
  }
  SUBCASE("a bad IPv4 address") {
    json["ip_gen_dist_list"][1]["ip_end"] = "48.0.255.256";
    CHECK(refusal(json) ==
          "p.json:ip_gen_dist_list[1].ip_end | p.json:ip_gen_dist_list[1].ip_end = "
          "\"48.0.255.256\": not an IPv4 address");
  }
  SUBCASE("a connection rate of 0") {
    json["templates"][0]["client_template"]["cps"] = 0;
    CHECK(refusal(json).find("p.json:templates[0].client_template.cps | ") == 0);
    CHECK(refusal(json).find("must be >= 0.5") != std::string::npos);
  }
  SUBCASE("a buffer index out of range") {
    json["program_list"][0]["commands"][0]["buf_index"] = 2;
    CHECK(refusal(json).find("p.json:program_list[0].commands[0].buf_index | ") == 0);
  }
  SUBCASE("the client and server generators the same") {
    json["templates"][0]["client_template"]["ip_gen"]["dist_server"]["index"] = 0;
    CHECK(refusal(json).find("client_template.ip_gen.dist_server.index | ") != std::string::npos);
  }
  SUBCASE("a jump outside the program") {
    Json::Value jump(Json::objectValue);
    jump["name"] = "jmp_nz";
    jump["id"] = 0;
    jump["offset"] = -5;
    json["program_list"][0]["commands"].append(jump);
    CHECK(refusal(json).find("program_list[0].commands[2].offset | ") != std::string::npos);
  }
  SUBCASE("an unknown command, and a TCP command in a UDP program") {
    json["program_list"][1]["commands"][0]["name"] = "rx_msgs";
    CHECK(refusal(json).find("program_list[1].commands[0].name | ") != std::string::npos);
    json["program_list"][1]["commands"][0]["name"] = "connect";
    CHECK(refusal(json).find("is a TCP command in a UDP program") != std::string::npos);
  }
  SUBCASE("UDP and TCP templates in one profile") {
    const Json::Value tcp =
        json_of(compile_astf_template(csit(AstfProtocol::tcp, AstfTransaction::cps, 64)).json);
    json["program_list"].append(tcp["program_list"][0]);
    json["program_list"].append(tcp["program_list"][1]);
    Json::Value second = json["templates"][0];
    second["client_template"]["program_index"] = 2;
    second["server_template"]["program_index"] = 3;
    json["templates"].append(second);
    CHECK(refusal(json).find("p.json:templates[1] | ") == 0);
    CHECK(refusal(json).find("all UDP or all TCP") != std::string::npos);
  }
  CHECK_NOTHROW(decode_astf_profile(good, "p.json"));
}

TEST_CASE("text that is not JSON, and a file that is not there, are refused") {
  CHECK_THROWS_AS(parse_astf_profile("{\"buf_list\": [", "x.json"), ConfigError);
  CHECK_THROWS_AS(load_astf_profile("/nonexistent/astf.json"), ConfigError);
}

TEST_CASE("a job's template object reads with defaults and refuses mistakes") {
  const AstfTemplate defaults = decode_astf_template(json_of("{}"), "template");
  CHECK(defaults == AstfTemplate{});
  const AstfTemplate tcp = decode_astf_template(
      json_of(R"({"protocol":"tcp","transaction":"tput","frame_size":100,"data_frames":3,
                  "sessions":64512,"port":80})"),
      "template");
  CHECK(tcp.protocol == AstfProtocol::tcp);
  CHECK(tcp.transaction == AstfTransaction::tput);
  CHECK(tcp.data_frames == 3);
  CHECK(tcp.sessions == std::optional<std::uint64_t>(64512));
  CHECK(decode_astf_template(encode_astf_template(tcp), "template") == tcp);
  AstfTemplate udp = csit(AstfProtocol::udp, AstfTransaction::tput, 1518);
  udp.keepalive_ms = 1000;
  CHECK(decode_astf_template(encode_astf_template(udp), "template") == udp);

  const auto refused = [](const char* text) {
    try {
      decode_astf_template(json_of(text), "job.template");
    } catch (const ConfigError& error) {
      return error.field();
    }
    return std::string("(accepted)");
  };
  CHECK(refused(R"({"frame":64})") == "job.template.frame");
  CHECK(refused(R"({"protocol":"sctp"})") == "job.template.protocol");
  CHECK(refused(R"({"data_frames":3})") == "job.template.data_frames");
  CHECK(refused(R"({"transaction":"tput","protocol":"tcp","keepalive_ms":5})") ==
        "job.template.keepalive_ms");
  CHECK(refused(R"({"protocol":"tcp","frame_size":128})") == "job.template.frame_size");
  CHECK(refused(R"({"protocol":"tcp","transaction":"tput"})") == "job.template.frame_size");
  CHECK(refused(R"({"protocol":"tcp","transaction":"tput","frame_size":71})") == "(accepted)");
  CHECK(refused(R"({"client_start":"16.0.0.300"})") == "job.template.client_start");
  CHECK(refused(R"({"server_start":"48.0.1.0","server_end":"48.0.0.255"})") ==
        "job.template.server_end");
  CHECK(refused(R"({"sessions":0})") == "job.template.sessions");
  CHECK(refused(R"({"port":70000})") == "job.template.port");
  CHECK(refused(R"({"frame_size":63})") == "job.template.frame_size");
}
