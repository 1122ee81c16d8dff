// Codec round trips: typed requests -> JSON text as TRex parses it, and TRex reply
// text (with its quirks) -> typed results or TrexError.
#include <doctest/doctest.h>
#include <json/json.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/trex_client/json_parse.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/codec/request_codec.hpp"
#include "trex_client/codec/stream_codec.hpp"
#include "trex_client/transport/trex_error.hpp"

using namespace trexsearch::trex;
using namespace trexsearch::trex::codec;

namespace {

Json::Value parse(const std::string& text) {
  return trexsearch::test_support::parse_json_text(text);
}

std::vector<ReplyElement> reply_to(const std::string& text, const std::string& method,
                                   const std::string& id = "aaaaaaa1") {
  const SentRequest sent[] = {{method, id}};
  return parse_reply(text, "tcp://test:4501", sent);
}

TrexError catch_error(const std::string& text, const std::string& method) {
  try {
    reply_to(text, method);
  } catch (const TrexError& error) {
    return error;
  }
  FAIL("no TrexError for " << text);
  throw;
}

}  // namespace

TEST_CASE("every request is a JSON-RPC 2.0 object with params as an object") {
  const Json::Value ping = parse(encode_plain({"abc12345", "APIH"}, "ping"));
  CHECK(ping["jsonrpc"] == "2.0");
  CHECK(ping["id"] == "abc12345");
  CHECK(ping["method"] == "ping");
  CHECK(ping["params"].isObject());
  CHECK(ping["params"]["api_h"] == "APIH");

  const Json::Value sync = parse(encode_api_sync_v2({"x", ""}, ApiVersion{}));
  CHECK(sync["params"]["name"] == "STL");
  CHECK(sync["params"]["major"] == 5);
  CHECK(sync["params"]["minor"] == 1);
  CHECK_FALSE(sync["params"].isMember("api_h"));
}

TEST_CASE("owned commands carry handler, port and the default profile") {
  const Json::Value stop = parse(encode_owned({"i", "H"}, "stop_traffic", {1, "HANDLER1"}));
  CHECK(stop["method"] == "stop_traffic");
  CHECK(stop["params"]["port_id"] == 1);
  CHECK(stop["params"]["handler"] == "HANDLER1");
  CHECK(stop["params"]["profile_id"] == "_");

  const Json::Value acquire = parse(encode_acquire({"i", "H"}, {3, "csit", 302226533, true}));
  CHECK(acquire["params"]["port_id"] == 3);
  CHECK(acquire["params"]["user"] == "csit");
  CHECK(acquire["params"]["session_id"].asUInt() == 302226533u);
  CHECK(acquire["params"]["force"] == true);

  const Json::Value status = parse(encode_get_port_status({"i", "H"}, 0));
  CHECK(status["params"]["block"] == false);
}

TEST_CASE("start_traffic sends an absolute pps multiplier, duration and force") {
  StartTrafficRequest request;
  request.multiplier = {MultiplierType::pps, 1000.0};
  request.duration = trexsearch::measure::Seconds{10.0};
  request.core_mask = 0x55555555u;
  const Json::Value start = parse(encode_start_traffic({"i", "H"}, {0, "h"}, request));
  const Json::Value& params = start["params"];
  CHECK(params["mul"]["type"] == "pps");
  CHECK(params["mul"]["op"] == "abs");
  CHECK(params["mul"]["value"].asDouble() == 1000.0);
  CHECK(params["duration"].asDouble() == 10.0);
  CHECK(params["force"] == false);
  CHECK(params["core_mask"].asUInt64() == 0x55555555u);
}

TEST_CASE("add_stream encodes every field TRex requires, packet in base64") {
  StreamSpec stream;
  stream.packet = std::string("\x00\x01\x02\xff", 4) + std::string(56, 'x');
  stream.mode.rate = {RateType::pps, 1000.0};
  FlowVar var;
  var.name = "ip_src";
  var.init_value = var.min_value = 268435457;
  var.max_value = 268435710;
  WriteFlowVar write;
  write.name = "ip_src";
  write.pkt_offset = 26;
  FixChecksumIpv4 fix;
  fix.pkt_offset = 14;
  stream.vm = {var, write, fix};
  const Json::Value add = parse(encode_add_stream({"i", "H"}, {0, "h"}, 7, stream));
  const Json::Value& params = add["params"];
  CHECK(params["stream_id"] == 7);
  const Json::Value& s = params["stream"];
  for (const char* field : {"mode", "enabled", "self_start", "flags", "action_count", "isg",
                            "next_stream_id", "packet", "vm", "flow_stats"}) {
    CHECK_MESSAGE(s.isMember(field), field);
  }
  CHECK(s["mode"]["type"] == "continuous");
  CHECK(s["mode"]["rate"]["type"] == "pps");
  CHECK(s["packet"]["meta"] == "");
  CHECK(base64_decode(s["packet"]["binary"].asString()) == stream.packet);
  CHECK(s["flow_stats"]["enabled"] == false);
  const Json::Value& vm = s["vm"]["instructions"];
  REQUIRE(vm.size() == 3);
  CHECK(vm[0]["type"] == "flow_var");
  CHECK(vm[0]["init_value"].asUInt64() == 268435457u);
  CHECK(vm[0]["max_value"].isIntegral());  // numbers, not strings (§2.8)
  CHECK(vm[1]["type"] == "write_flow_var");
  CHECK(vm[1]["pkt_offset"] == 26);
  CHECK(vm[2]["type"] == "fix_checksum_ipv4");
}

TEST_CASE("base64 round trips every length and rejects bad input") {
  std::string bytes;
  for (int n = 0; n < 70; ++n) {
    CHECK(base64_decode(base64_encode(bytes)) == bytes);
    bytes.push_back(static_cast<char>(n * 37));
  }
  // The example of trex-protocol.md §6.3 decodes to a 60-byte frame.
  const auto frame = base64_decode(
      "AAAAAQAAAAAAAgAACABFAAAuAAEAAEAROr0QAAABMAAAAQQBAAwAGn9veHh4eHh4eHh4eHh4eHh4eHh4");
  REQUIRE(frame);
  CHECK(frame->size() == 60);
  CHECK_FALSE(base64_decode("abc"));
  CHECK_FALSE(base64_decode("ab!d"));
  CHECK_FALSE(base64_decode("a=bc"));
}

TEST_CASE("a batch is a JSON array of the requests, in order") {
  const std::vector<std::string> requests = {encode_plain({"a", "H"}, "get_global_stats"),
                                             encode_get_port_stats({"b", "H"}, 0)};
  const Json::Value batch = parse(encode_batch(requests));
  REQUIRE(batch.isArray());
  REQUIRE(batch.size() == 2);
  CHECK(batch[0]["method"] == "get_global_stats");
  CHECK(batch[1]["params"]["port_id"] == 0);
}

TEST_CASE("replies decode into typed results, trailing newline and extra keys tolerated") {
  const auto sync =
      reply_to("{\"id\":\"aaaaaaa1\",\"jsonrpc\":\"2.0\",\"result\":{\"api_h\":\"SPhoCDIV\"}}\n",
               "api_sync_v2");
  CHECK(decode_api_handle(sync.at(0)) == "SPhoCDIV");

  const auto handler =
      reply_to(R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":"AQokC3ZA"})", "acquire");
  CHECK(decode_handler(handler.at(0)) == "AQokC3ZA");

  const auto stats = reply_to(
      R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"ibytes":600000,"ierrors":0,)"
      R"("ipackets":10000,"m_cpu_util":0.0,"m_total_rx_bps":479999.0,"m_total_rx_pps":999.99,)"
      R"("m_total_tx_bps":480001.0,"m_total_tx_pps":1000.0,"obytes":600000,"oerrors":0,)"
      R"("opackets":18446744073709551615,"extra":1}})",
      "get_port_stats");
  const PortCounters counters = decode_port_stats(stats.at(0), 1);
  CHECK(counters.port_id == 1);
  CHECK(counters.ipackets == 10000);
  CHECK(counters.opackets == 18446744073709551615ull);
  CHECK(counters.rx_pps == doctest::Approx(999.99));

  const auto status =
      reply_to(R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"owner":"bob","state":"TX",)"
               R"("service":false,"max_stream_id":3,"attr":{"speed":10.0,"link":{"up":true}}}})",
               "get_port_status");
  const PortStatus port = decode_port_status(status.at(0), 0);
  CHECK(port.owner == "bob");
  CHECK(port.state == PortState::tx);
  CHECK(is_active(port.state));
  CHECK(port.max_stream_id == 3);
  CHECK(port.speed_gbps == 10.0);
  CHECK(port.link_up);
  CHECK(port.ether_state.empty());

  const auto layered =
      reply_to(R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"owner":"","state":"STREAMS",)"
               R"("attr":{"link":{"up":false},"layer_cfg":{"ether":{"src":"a","dst":"b",)"
               R"("state":"configured"},"ipv4":{"state":"unresolved","src":"1.1.1.1"}}}}})",
               "get_port_status");
  const PortStatus down = decode_port_status(layered.at(0), 1);
  CHECK_FALSE(down.link_up);
  CHECK(down.ether_state == "configured");
  CHECK(down.ipv4_state == "unresolved");
}

TEST_CASE("TRex's non-finite doubles (null, 1e+9999) are tolerated") {
  const auto global = reply_to(
      R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"m_total_tx_pkts":5,"m_total_rx_pkts":4,)"
      R"("m_tx_pps":1e+9999,"m_rx_pps":-1e+9999,"m_cpu_util":null,"s":"1e+9999"}})",
      "get_global_stats");
  const GlobalCounters counters = decode_global_stats(global.at(0));
  CHECK(counters.total_tx_pkts == 5);
  CHECK(std::isinf(counters.tx_pps));
  CHECK(counters.tx_pps > 0);
  CHECK(counters.rx_pps < 0);
  CHECK(std::isnan(counters.cpu_util));
}

TEST_CASE("a one-element batch answered with a bare object is accepted") {
  // The quirk of §1.6: the server unwraps single-reply arrays. The client accepts a
  // one-element array just as well.
  CHECK(reply_to(R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{}})", "add_stream").size() == 1);
  CHECK(reply_to(R"([{"id":"aaaaaaa1","jsonrpc":"2.0","result":{}}])", "add_stream").size() == 1);
}

TEST_CASE("batch replies are matched to requests by position and id") {
  const SentRequest sent[] = {{"get_global_stats", "id000001"}, {"get_port_stats", "id000002"}};
  const std::string good =
      R"([{"id":"id000001","jsonrpc":"2.0","result":{"m_total_tx_pkts":1,"m_total_rx_pkts":1}},)"
      R"({"id":"id000002","jsonrpc":"2.0","result":)"
      R"({"opackets":1,"ipackets":2,"obytes":3,"ibytes":4}}])";
  const auto replies = parse_reply(good, "e", sent);
  REQUIRE(replies.size() == 2);
  CHECK(replies[1].method() == "get_port_stats");
  CHECK(decode_port_stats(replies[1], 0).ipackets == 2);

  const std::string swapped = R"([{"id":"id000002","jsonrpc":"2.0","result":{}},)"
                              R"({"id":"id000001","jsonrpc":"2.0","result":{}}])";
  CHECK_THROWS_WITH_AS(parse_reply(swapped, "e", sent), doctest::Contains("does not match"),
                       TrexError);
  CHECK_THROWS_WITH_AS(parse_reply(R"([{"id":"id000001","jsonrpc":"2.0","result":{}}])", "e", sent),
                       doctest::Contains("expected 2 replies"), TrexError);
}

TEST_CASE("an error element becomes an rpc TrexError with code, method and specific_err") {
  const TrexError error =
      catch_error(R"({"id":"aaaaaaa1","jsonrpc":"2.0","error":{"code":-32000,)"
                  R"("message":"Failed To Execute Method","specific_err":)"
                  R"("API verification failed - API handler provided mismatch for class: 'STL'"}})",
                  "start_traffic");
  CHECK(error.kind() == TrexErrorKind::rpc);
  CHECK(error.rpc_code() == -32000);
  CHECK(error.method() == "start_traffic");
  CHECK(error.endpoint() == "tcp://test:4501");
  CHECK(error.is_api_verification_failure());
  CHECK(std::string(error.what()).find("start_traffic") != std::string::npos);
  CHECK(std::string(error.what()).find("-32000") != std::string::npos);

  const TrexError batch_error = [] {
    const SentRequest sent[] = {{"add_stream", "a"}, {"add_stream", "b"}};
    try {
      parse_reply(
          R"({"id":null,"jsonrpc":"2.0","error":{"code":-32700,"message":"Bad JSON Format"}})", "e",
          sent);
    } catch (const TrexError& e) {
      return e;
    }
    FAIL("no error");
    throw;
  }();
  CHECK(batch_error.kind() == TrexErrorKind::rpc);
  CHECK(batch_error.rpc_code() == -32700);
  CHECK(batch_error.method() == "batch[add_stream,add_stream]");
}

TEST_CASE("malformed replies are protocol errors naming what is wrong") {
  struct Case {
    const char* text;
    const char* expected;
  };
  const Case cases[] = {
      {"{not json", "not valid JSON"},
      {"", "not valid JSON"},
      {"42", "neither an object nor an array"},
      {R"({"id":"aaaaaaa1","result":{}})", "not JSON-RPC 2.0"},
      {R"({"id":"zzz","jsonrpc":"2.0","result":{}})", "does not match"},
      {R"({"id":"aaaaaaa1","jsonrpc":"2.0"})", "neither result nor error"},
      {R"({"id":"aaaaaaa1","jsonrpc":"2.0","error":"boom"})", "malformed JSON-RPC error"},
      {R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"opackets":"12"}})", "result.opackets"},
      {R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"opackets":-1}})", "result.opackets"},
      {R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":[]})", "expected an object"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    try {
      const auto replies = reply_to(c.text, "get_port_stats");
      decode_port_stats(replies.at(0), 0);
      FAIL("accepted");
    } catch (const TrexError& error) {
      CHECK(error.kind() == TrexErrorKind::protocol);
      CHECK(error.method() == "get_port_stats");
      CHECK(std::string(error.what()).find(c.expected) != std::string::npos);
    }
  }
}

TEST_CASE("async events decode with type, seq, port and profile") {
  const auto events =
      reply_to(R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"data":[)"
               R"({"name":"trex-event","type":14,"seq":7,"data":{"port_id":0,"profile_id":"_"}},)"
               R"({"name":"trex-event","type":4,"seq":8,"data":{"port_id":0}}]}})",
               "get_async_events");
  const std::vector<AsyncEvent> decoded = decode_async_events(events.at(0));
  REQUIRE(decoded.size() == 2);
  CHECK(decoded[0].type == event_type::profile_finished_tx);
  CHECK(decoded[0].seq == 7);
  CHECK(decoded[0].profile_id == "_");
  CHECK(decoded[1].type == event_type::port_finished_tx);
  CHECK(decoded[1].port_id == 0);
}
