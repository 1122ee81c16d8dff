// The latency side of the codec: add_stream with a latency rule in a named TRex
// profile, and the `latency` part of get_pgid_stats replies (hand-written in TRex's
// shape, trex-protocol.md §2.10 and trex-flowstats-latency.md §2.1), malformed ones
// included.
#include <doctest/doctest.h>
#include <json/json.h>

#include <string>
#include <vector>

#include "tests/trex_client/json_parse.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/codec/request_codec.hpp"
#include "trex_client/session/latency_support.hpp"
#include "trex_client/transport/trex_error.hpp"

using namespace trexsearch::trex;
using namespace trexsearch::trex::codec;

namespace {

Json::Value parse(const std::string& text) {
  return trexsearch::test_support::parse_json_text(text);
}

std::vector<PgLatency> latency_of(const std::string& result) {
  const std::string text = R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":)" + result + "}";
  const SentRequest sent[] = {{"get_pgid_stats", "aaaaaaa1"}};
  const std::vector<ReplyElement> replies = parse_reply(text, "tcp://test:4501", sent);
  decode_pgid_stats(replies.at(0));  // the flow_stats part must still decode
  return decode_pgid_latency(replies.at(0));
}

// A reply of TRex v3.08 for a latency pg_id 256 on ports 0 and 1, with --hdrh.
const char* const real_shape = R"({
  "flow_stats": {"256": {"rp": {"0": 0, "1": 44996}, "tp": {"0": 45000, "1": 0},
                          "rb": {"0": 0, "1": 2879744}, "tb": {"0": 2880000, "1": 0},
                          "rps": {"0": 0.0, "1": 8999.2}, "tps": {"0": 9000.0, "1": 0.0},
                          "rbs": {"0": 0.0, "1": 4607.6}, "tbs": {"0": 4608.0, "1": 0.0}}},
  "latency": {"256": {"lat": {"total_max": 181, "total_min": 12, "last_max": 95,
                               "average": 31, "jit": 4,
                               "histogram": {"0": 3, "10": 40000, "20": 4900, "100": 93},
                               "hdrh": "HISTFAAAACl4nJNpmSzMwMDAxQABzFCaEUzK2X+AsIEApgMrgw=="},
                       "er": {"drp": 4, "ooo": 1, "sth": 2}},
              "g": {"old_flow": 7, "bad_header": 0}},
  "ver_id": {"256": 3}
})";

}  // namespace

TEST_CASE("a latency stream is added to its TRex profile with a latency flow_stats rule") {
  StreamSpec stream;
  stream.packet = std::string(60, '\0');
  stream.mode.rate = {RateType::pps, 9000.0};
  stream.flow_stats = {true, 0x100, "latency"};
  const Json::Value request =
      parse(encode_add_stream({"id1", "h"}, {0, "H"}, 2, stream, "latency"));
  CHECK(request["params"]["profile_id"] == "latency");
  const Json::Value& json = request["params"]["stream"];
  CHECK(json["flow_stats"]["enabled"] == true);
  CHECK(json["flow_stats"]["stream_id"] == 256);
  CHECK(json["flow_stats"]["rule_type"] == "latency");
  // -1 is "not specified": TRex refuses core pinning for latency streams (§1.1).
  CHECK(json["core_id"] == -1);
  CHECK(json["mode"]["type"] == "continuous");
  CHECK(json["mode"]["rate"]["value"] == 9000.0);
  // Owned commands name the profile they act on; "_" stays the default.
  CHECK(parse(encode_owned({"id2", "h"}, "stop_traffic", {1, "H"}, "*"))["params"]["profile_id"] ==
        "*");
  CHECK(parse(encode_owned({"id3", "h"}, "remove_rx_filters", {1, "H"}))["params"]["profile_id"] ==
        "_");
}

TEST_CASE("the latency part of get_pgid_stats decodes into PgLatency") {
  const std::vector<PgLatency> all = latency_of(real_shape);
  REQUIRE(all.size() == 1);  // "g" is not a pg_id
  const PgLatency& latency = all[0];
  CHECK(latency.pg_id == 256);
  CHECK(latency.has_samples_info);
  CHECK(latency.total_min_us == 12);
  CHECK(latency.total_max_us == 181);
  CHECK(latency.last_max_us == 95);
  CHECK(latency.average_us == 31.0);
  CHECK(latency.jitter_us == 4);
  CHECK(latency.histogram ==
        std::map<std::uint64_t, std::uint64_t>{{0, 3}, {10, 40000}, {20, 4900}, {100, 93}});
  REQUIRE(latency.hdrh);
  CHECK(latency.hdrh->starts_with("HISTF"));
  // Only non-zero error counters are sent; absent ones are 0.
  CHECK(latency.dropped == 4);
  CHECK(latency.out_of_order == 1);
  CHECK(latency.duplicate == 0);
  CHECK(latency.seq_too_high == 2);
  CHECK(latency.seq_too_low == 0);
}

TEST_CASE("latency replies without data, hdrh or errors decode as empty, not as failures") {
  // No --hdrh, no errors, fractional values truncated as TRex truncates.
  auto plain = latency_of(
      R"({"flow_stats": {}, "latency": {"257": {"lat": {"total_max": 90.7, "total_min": 11,)"
      R"( "last_max": 0, "average": 20.5, "jit": 0, "histogram": {"10": 5}}}}, "ver_id": {}})");
  REQUIRE(plain.size() == 1);
  CHECK_FALSE(plain[0].hdrh);
  CHECK(plain[0].total_max_us == 90);
  CHECK(plain[0].average_us == 20.5);
  CHECK(plain[0].dropped == 0);
  // A pg_id that has not received yet: "lat" missing or [], histogram [].
  for (const char* lat : {R"({})", R"({"lat": []})",
                          R"({"lat": {"total_max": 0, "total_min": 0, "histogram": []}})"}) {
    CAPTURE(lat);
    const auto empty = latency_of(std::string(R"({"flow_stats": {}, "latency": {"300": )") + lat +
                                  R"(}, "ver_id": {}})");
    REQUIRE(empty.size() == 1);
    CHECK(empty[0].histogram.empty());
    CHECK(empty[0].total_max_us == 0);
  }
  CHECK(latency_of(R"({"flow_stats": {}, "ver_id": {}})").empty());
  CHECK(latency_of(R"({"flow_stats": {}, "latency": [], "ver_id": {}})").empty());
  CHECK(latency_of(R"({"flow_stats": {}, "latency": {"g": {"old_flow": 1}}})").empty());
}

TEST_CASE("malformed latency replies are protocol errors naming the field") {
  struct Case {
    std::string latency;
    const char* expected;
  };
  const std::string buckets_70 = [] {
    std::string text = "{";
    for (int i = 0; i < 70; ++i) text += (i != 0 ? ",\"" : "\"") + std::to_string(10 + i) + "\": 1";
    return text + "}";
  }();
  const Case cases[] = {
      {R"({"x1": {}})", "result.latency = "},
      {R"({"-1": {}})", "pg_id key \"-1\""},
      {R"({"256": 5})", "result.latency.256 = 5: expected an object"},
      {R"({"256": {"lat": "fast"}})", "result.latency.256.lat"},
      {R"({"256": {"lat": {"total_min": 1}}})", "result.latency.256.lat.total_max = (missing)"},
      {R"({"256": {"lat": {"total_min": -3, "total_max": 1}}})",
       "result.latency.256.lat.total_min = -3: not a latency in microseconds"},
      {R"({"256": {"lat": {"total_min": 1, "total_max": 1e13}}})", "lat.total_max"},
      {R"({"256": {"lat": {"total_min": 1, "total_max": "9"}}})", "lat.total_max = \"9\""},
      {R"({"256": {"lat": {"total_min": 1, "total_max": 2, "histogram": {"ten": 1}}}})",
       "bucket key \"ten\""},
      {R"({"256": {"lat": {"total_min": 1, "total_max": 2, "histogram": {"10": -1}}}})",
       "lat.histogram.10 = -1"},
      {R"({"256": {"lat": {"total_min": 1, "total_max": 2, "histogram": )" + buckets_70 + "}}}",
       "70 buckets; TRex has at most 46"},
      {R"({"256": {"lat": {"total_min": 1, "total_max": 2, "hdrh": 7}}})", "lat.hdrh = 7"},
      {R"({"256": {"er": {"drp": "x"}}})", "result.latency.256.er.drp = \"x\""},
      {R"({"256": {"er": []}})", "result.latency.256.er = []"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.latency);
    try {
      latency_of(R"({"flow_stats": {}, "latency": )" + c.latency + "}");
      FAIL("accepted");
    } catch (const TrexError& error) {
      CHECK(error.kind() == TrexErrorKind::protocol);
      CHECK(error.method() == "get_pgid_stats");
      CAPTURE(error.what());
      CHECK(std::string(error.what()).find(c.expected) != std::string::npos);
    }
  }
  // An hdrh beyond 1 MiB is refused before anything decodes it.
  const std::string huge(1048577, 'A');
  CHECK_THROWS_WITH_AS(
      latency_of(
          R"({"flow_stats": {}, "latency": {"256": {"lat": {"total_min": 1, "total_max": 2, )"
          R"("hdrh": ")" +
          huge + "\"}}}}"),
      doctest::Contains("1048577 characters (limit 1048576)"), TrexError);
}

TEST_CASE("ports without the latency RX capability are refused by name") {
  SystemInfo system;
  system.ports = {{0, "net_af_packet", "", "", "", true, {"flow_stats", "latency", "rx_bytes"}},
                  {1, "net_i40e", "", "", "", false, {"flow_stats"}}};
  std::vector<TrafficDirection> directions = {{0, 1, 1u, LatencyStreamRef{256, 9000.0}}};
  CHECK_THROWS_WITH_AS(check_latency_support(system, directions),
                       "latency unsupported for this profile/port 1: its RX capabilities "
                       "(flow_stats) lack \"latency\" (driver net_i40e); remove the profile's "
                       "\"latency\" section",
                       LatencyUnsupported);
  system.ports[1].rx_caps.emplace_back("latency");
  CHECK_NOTHROW(check_latency_support(system, directions));
  directions.push_back({2, 3, 2u, LatencyStreamRef{257, 9000.0}});
  CHECK_THROWS_WITH_AS(check_latency_support(system, directions),
                       doctest::Contains("port 2: TRex does not describe the port"),
                       LatencyUnsupported);
  // Directions without latency streams need no capability.
  directions.back().latency.reset();
  CHECK_NOTHROW(check_latency_support(system, directions));

  const TrexError refusal(TrexErrorKind::rpc, "tcp://x:4501", "add_stream",
                          "Failed To Execute Method", -32000,
                          "Need at least 16 payload bytes for payload rules. Packet only has 10 "
                          "bytes");
  CHECK(std::string(latency_unsupported(0, refusal).what()) ==
        "latency unsupported for this profile/port 0: Need at least 16 payload bytes for payload "
        "rules. Packet only has 10 bytes");
}
