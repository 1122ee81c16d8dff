// Unit tests for what the fuzz targets found (docs/reliability.md). Each input is
// also a file under tests/fuzz/regressions/<target>/, replayed through its body.

#include <doctest/doctest.h>

#include "daemon/measurers/measurer_protocol_codec.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "measure/errors.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/transport/trex_error.hpp"

using namespace trexsearch;

TEST_CASE("measurer_reply: a bad request line is a ConfigError, as documented") {
  // Was: JsonSyntaxError escaped decode_measurer_request (found with an empty line).
  for (const char* line : {"", "{", "[1]", "nan"}) {
    CAPTURE(line);
    CHECK_THROWS_WITH_AS(codec::decode_measurer_request(line), doctest::Contains("request"),
                         measure::ConfigError);
  }
}

TEST_CASE("control_request: a reply without arguments reads back as an empty object") {
  // Found by the response round trip: missing `arguments` parses as null and is
  // written as {}; the written line must then be stable.
  const auto response = protocol::parse_response(R"({"id":"x","result":3,"text":"bad request"})");
  const std::string line = protocol::encode_response(response);
  CHECK(line.find(R"("arguments":{})") != std::string::npos);
  CHECK(protocol::encode_response(protocol::parse_response(line.substr(0, line.size() - 1))) ==
        line);
}

TEST_CASE("traffic_profile and trex_reply: JSON nested past jsoncpp's limit is bad JSON") {
  // Was: Json::RuntimeError ("Exceeded stackLimit in readValue()") escaped parse_json,
  // so a hostile profile or TRex reply ended the process instead of failing cleanly.
  const std::string deep = std::string(5000, '[') + std::string(5000, ']');
  CHECK_THROWS_WITH_AS(trex::parse_profile(R"({"name": )" + deep + "}", "deep.json"),
                       doctest::Contains("deep.json"), measure::ConfigError);
  const trex::codec::SentRequest sent[] = {{"ping", "id000001"}};
  CHECK_THROWS_AS(trex::codec::parse_reply(deep, "tcp://fuzz:4501", sent), trex::TrexError);
}
