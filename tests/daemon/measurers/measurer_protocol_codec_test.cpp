#include "daemon/measurers/measurer_protocol_codec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "measure/errors.hpp"

using trexsearch::measure::MeasurementError;
using trexsearch::measure::Seconds;
using trexsearch::measure::TrialOutcome;
namespace codec = trexsearch::codec;
namespace measure = trexsearch::measure;

namespace {

std::string reply_error(const std::string& line) {
  try {
    codec::decode_measurer_reply(line);
  } catch (const MeasurementError& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a request is one compact line that decodes back exactly") {
  const std::string line = codec::encode_measurer_request({Seconds{1.0}, 999432.83356819651});
  CHECK(line == R"({"duration":1.0,"load":999432.8335681965})");
  const auto back = codec::decode_measurer_request(line);
  CHECK(back.duration == Seconds{1.0});
  CHECK(back.load_pps == 999432.83356819651);
}

TEST_CASE("a minimal reply has counts only") {
  const TrialOutcome outcome =
      codec::decode_measurer_reply(R"({"offered_count": 1000, "loss_count": 3})");
  CHECK(outcome.offered_count == 1000);
  CHECK(outcome.loss_count == 3);
  CHECK_FALSE(outcome.intended_count.has_value());
  CHECK_FALSE(outcome.effective_duration.has_value());
}

TEST_CASE("a full reply survives encode then decode") {
  TrialOutcome outcome;
  outcome.offered_count = 14880952;
  outcome.loss_count = -2;
  outcome.intended_count = 14880960;
  outcome.effective_duration = Seconds{1.0004};
  outcome.notes = measure::parse_notes({"duration stretched by 0.4 ms"});
  const TrialOutcome back = codec::decode_measurer_reply(codec::encode_measurer_reply(outcome));
  CHECK(back.offered_count == outcome.offered_count);
  CHECK(back.loss_count == outcome.loss_count);
  CHECK(back.intended_count == outcome.intended_count);
  CHECK(back.effective_duration == outcome.effective_duration);
  CHECK(back.notes == outcome.notes);
}

TEST_CASE("a reply may say per direction what was sent and that the tester fell short") {
  const TrialOutcome outcome = codec::decode_measurer_reply(
      R"({"offered_count": 1800, "loss_count": 10, "intended_count": 2000,)"
      R"( "directions": [{"direction": "0->1", "intended": 1000, "offered": 800, "received": 790},)"
      R"( {"direction": "1->0", "intended": 1000, "offered": 1000, "received": 1000}],)"
      R"( "tester_limited_pps": 800, "counters": "flow_stats"})");
  REQUIRE(outcome.directions.size() == 2);
  CHECK(outcome.directions[0].name == "0->1");
  CHECK(outcome.directions[0].unsent() == 200);
  CHECK(outcome.directions[0].loss() == 10);
  CHECK(outcome.tester_limited_pps == 800.0);
  CHECK(outcome.counters == "flow_stats");
  const TrialOutcome back = codec::decode_measurer_reply(codec::encode_measurer_reply(outcome));
  CHECK(back.directions.size() == 2);
  CHECK(back.directions[1].received == 1000);
  CHECK(back.tester_limited_pps == outcome.tester_limited_pps);
  CHECK(back.counters == outcome.counters);
  // A reply without them stays as short as before.
  CHECK(codec::encode_measurer_reply(TrialOutcome{}) == R"({"loss_count":0,"offered_count":0})");
  CHECK(reply_error(R"({"offered_count": 1, "loss_count": 0, "tester_limited_pps": -5})")
            .find("reply.tester_limited_pps = -5: must be a rate >= 0") != std::string::npos);
  CHECK(reply_error(R"({"offered_count": 1, "loss_count": 0, "directions": [{"offered": 1}]})")
            .find("reply.directions[0].intended = (missing): required field") != std::string::npos);
}

TEST_CASE("an error reply becomes a MeasurementError with the measurer's words") {
  CHECK(reply_error(R"({"error": "TRex port 0 is down"})") ==
        "measurer reported an error: TRex port 0 is down");
  CHECK(codec::encode_measurer_error_reply("a \"quoted\" reason") ==
        R"({"error":"a \"quoted\" reason"})");
}

TEST_CASE("malformed replies quote the line") {
  CHECK(reply_error("OK 1000 3").find("measurer reply is not valid JSON (reply:1:1:") == 0);
  CHECK(reply_error("OK 1000 3").find("'OK 1000 3'") != std::string::npos);
  CHECK(reply_error(R"({"offered_count": 10})") ==
        "bad measurer reply: reply.loss_count = (missing): required field; "
        R"(line: '{"offered_count": 10}')");
  CHECK(reply_error(R"({"offered_count": -1, "loss_count": 0})")
            .find("reply.offered_count = -1: must not be negative") != std::string::npos);
  CHECK(reply_error(R"({"offered_count": 1, "loss_count": 0, "effective_duration": 0})")
            .find("reply.effective_duration = 0: must be positive") != std::string::npos);
  CHECK(reply_error(R"({"offered_count": 1, "loss_count": 0, "forwarded_count": 1})")
            .find("reply.forwarded_count = 1: unknown key") != std::string::npos);
  CHECK(reply_error(R"({"offered_count": 1, "loss_count": 0, "notes": [1]})")
            .find("reply.notes[0] = 1: must be a string") != std::string::npos);
  CHECK(reply_error("[1, 2]").find("reply = [1,2]: must be an object") != std::string::npos);
}

TEST_CASE("a long malformed line is quoted cut to 200 characters") {
  const std::string line = "x" + std::string(5000, 'y');
  const std::string message = reply_error(line);
  CHECK(message.find("'x" + std::string(196, 'y') + "...'") != std::string::npos);
  CHECK(message.size() < 400);
}
