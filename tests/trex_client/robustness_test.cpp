// Bad input never crashes: seeded mutations of valid requests into the emulator's
// request processor, and of valid replies into the client's reply codec.
#include <doctest/doctest.h>
#include <json/json.h>

#include <random>
#include <string>
#include <vector>

#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/transport/trex_error.hpp"
#include "trex_emulator/rpc/request_processor.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::Seconds;

namespace {

std::string mutate(std::string text, std::mt19937& random) {
  static const std::string tokens[] = {"{",
                                       "}",
                                       "[",
                                       "]",
                                       ",",
                                       ":",
                                       "\"",
                                       "null",
                                       "-1",
                                       "1e999",
                                       "\"x\"",
                                       "true",
                                       "18446744073709551616",
                                       "0.5"};
  std::uniform_int_distribution<int> kind(0, 3);
  const int edits = 1 + static_cast<int>(random() % 3);
  for (int e = 0; e < edits && !text.empty(); ++e) {
    std::uniform_int_distribution<std::size_t> at(0, text.size() - 1);
    const std::size_t i = at(random);
    switch (kind(random)) {
      case 0:
        text.erase(i, 1 + random() % 5);
        break;
      case 1:
        text.insert(i, tokens[random() % std::size(tokens)]);
        break;
      case 2:
        text[i] = static_cast<char>(random() % 128);
        break;
      default:
        text = text.substr(0, i);
        break;
    }
  }
  return text;
}

bool is_json(const std::string& text) {
  Json::CharReaderBuilder builder;
  std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value value;
  std::string errors;
  return reader->parse(text.data(), text.data() + text.size(), &value, &errors);
}

}  // namespace

TEST_CASE("mutated requests always get a JSON reply from the emulator") {
  emu::EmulatorOptions options;
  emu::StlState state(options, Seconds{0.0});
  emu::FaultPlan faults;
  const std::string api_h = state.api_handle();
  const std::string handler = state.acquire(0, "fuzz", 1, false);
  const std::vector<std::string> seeds = {
      R"({"jsonrpc":"2.0","id":"a","method":"api_sync_v2",)"
      R"("params":{"name":"STL","major":5,"minor":1}})",
      R"({"jsonrpc":"2.0","id":"b","method":"get_port_status","params":{"api_h":")" + api_h +
          R"(","port_id":0,"block":false,"profile_id":"*"}})",
      R"({"jsonrpc":"2.0","id":"c","method":"add_stream","params":{"api_h":")" + api_h +
          R"(","handler":")" + handler +
          R"(","port_id":0,"stream_id":1,"stream":{"mode":{"type":"continuous","rate":)"
          R"({"type":"pps","value":10}},"enabled":true,"self_start":true,"flags":0,)"
          R"("action_count":0,"isg":0,"next_stream_id":-1,"packet":{"binary":)"
          R"("AAAAAQAAAAAAAgAACABFAAAuAAEAAEAROr0QAAABMAAAAQQBAAwAGn9veHh4eHh4eHh4eHh4eHh4)"
          R"(eHh4",)"
          R"("meta":""},"vm":{"instructions":[{"type":"flow_var","name":"v","size":4,"op":"inc",)"
          R"("init_value":1,"min_value":1,"max_value":9,"step":1}]},)"
          R"("flow_stats":{"enabled":false}}}})",
      R"({"jsonrpc":"2.0","id":"d","method":"start_traffic","params":{"api_h":")" + api_h +
          R"(","handler":")" + handler +
          R"(","port_id":0,"mul":{"type":"pps","op":"abs","value":100},)"
          R"("duration":1,"force":false}})",
      R"([{"jsonrpc":"2.0","id":"e","method":"get_global_stats","params":{"api_h":")" + api_h +
          R"("}},{"jsonrpc":"2.0","id":"f","method":"get_pgid_stats","params":{"api_h":")" + api_h +
          R"(","pgids":[1,2]}}])",
  };
  std::mt19937 random(20240607);
  int replies = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::string request = mutate(seeds[round % seeds.size()], random);
    const emu::ProcessedRequest processed =
        emu::process_request(request, state, Seconds{round * 0.01}, faults);
    CAPTURE(request);
    REQUIRE(is_json(processed.reply));
    ++replies;
  }
  CHECK(replies == 3000);
}

TEST_CASE("mutated replies are TrexErrors or results, never crashes") {
  const std::vector<std::string> seeds = {
      R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"opackets":1,"ipackets":2,"obytes":3,)"
      R"("ibytes":4,"m_total_tx_pps":1.5}})",
      R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":{"owner":"x","state":"TX",)"
      R"("attr":{"speed":10.0,"link":{"up":true}}}})",
      R"({"id":"aaaaaaa1","jsonrpc":"2.0","error":)"
      R"({"code":-32000,"message":"m","specific_err":"s"}})",
      R"({"id":"aaaaaaa1","jsonrpc":"2.0","result":)"
      R"({"data":[{"type":4,"seq":1,"data":{"port_id":0}}]}})",
  };
  std::mt19937 random(77);
  int errors = 0;
  int successes = 0;
  const codec::SentRequest sent[] = {{"m", "aaaaaaa1"}};
  for (int round = 0; round < 4000; ++round) {
    const std::string reply = mutate(seeds[round % seeds.size()], random);
    try {
      const auto elements = codec::parse_reply(reply, "fuzz", sent);
      switch (round % 4) {
        case 0:
          codec::decode_port_stats(elements.at(0), 0);
          break;
        case 1:
          codec::decode_port_status(elements.at(0), 0);
          break;
        case 3:
          codec::decode_async_events(elements.at(0));
          break;
        default:
          break;
      }
      ++successes;
    } catch (const TrexError&) {
      ++errors;
    }
  }
  CHECK(errors + successes == 4000);
  CHECK(errors > 1000);
}
