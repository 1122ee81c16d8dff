// The ASTF client's pure parts: request texts as TRex reads them, replies (with the
// shapes trex-astf.md §1.2 and §1.7 give) into typed values, and a trial's counters
// into the search's outcome in CSIT's terms (§4.2).
#include <doctest/doctest.h>
#include <json/json.h>

#include <string>
#include <vector>

#include "tests/support/trial_notes.hpp"
#include "tests/trex_client/json_parse.hpp"
#include "trex_client/codec/astf/astf_codec.hpp"
#include "trex_client/measurer/astf_trial_counting.hpp"
#include "trex_client/transport/trex_error.hpp"

using namespace trexsearch::trex;
using namespace trexsearch::trex::codec;
using trexsearch::measure::Seconds;
using trexsearch::measure::TrialResult;

namespace {

Json::Value parse(const std::string& text) {
  return trexsearch::test_support::parse_json_text(text);
}

ReplyElement reply_to(const std::string& result, const std::string& method) {
  const SentRequest sent[] = {{method, "aaaaaaa1"}};
  auto replies = parse_reply(R"({"jsonrpc":"2.0","id":"aaaaaaa1","result":)" + result + "}",
                             "tcp://test:4501", sent);
  return std::move(replies.front());
}

AstfTrialCounters tcp_counters(double attempts, double connects) {
  AstfTrialCounters counters;
  counters.client = {{"tcps_connattempt", attempts, false},
                     {"tcps_connects", connects, false},
                     {"m_traffic_duration", 1.02, false}};
  counters.server = {{"tcps_accepts", connects, false}};
  return counters;
}

}  // namespace

TEST_CASE("ASTF start carries every parameter TRex requires") {
  AstfStartRequest request;
  request.mult = 12500.0;
  request.duration_s = 2.5;
  request.client_mask = 3;
  const Json::Value json = parse(encode_astf_start({"id1", "api"}, "h1", request));
  const Json::Value& params = json["params"];
  CHECK(json["method"].asString() == "start");
  CHECK(params["handler"].asString() == "h1");
  CHECK(params["profile_id"].asString() == "_");
  CHECK(params["mult"].asDouble() == 12500.0);
  CHECK(params["duration"].asDouble() == 2.5);
  CHECK(params["nc"].asBool());
  CHECK(params["client_mask"].asUInt() == 3);
  // TRex's start reads all of these and fails without one (§1.2).
  for (const char* key : {"latency_pps", "ipv6", "e_duration", "t_duration", "dump_interval"}) {
    CHECK_MESSAGE(params.isMember(key), key);
  }
}

TEST_CASE("profile_fragment sends md5 only when asked and flags first and last") {
  const Json::Value first =
      parse(encode_profile_fragment({"i", "a"}, "h", "_", "{\"buf", true, false, "abc"));
  CHECK(first["params"]["frag_first"].asBool());
  CHECK_FALSE(first["params"].isMember("frag_last"));
  CHECK(first["params"]["md5"].asString() == "abc");
  const Json::Value last =
      parse(encode_profile_fragment({"i", "a"}, "h", "_", "_list\"}", false, true, ""));
  CHECK_FALSE(last["params"].isMember("md5"));
  CHECK(last["params"]["frag_last"].asBool());
}

TEST_CASE("sync, acquire and counters decode; bad shapes name the field") {
  const AstfSync sync =
      decode_astf_sync(reply_to(R"({"epoch":7,"state":4,"state_profile":{"_":4,"p2":1}})", "sync"));
  CHECK(sync.epoch == 7);
  CHECK(sync.state == AstfState::tx);
  CHECK(sync.profile_state("_") == AstfState::tx);
  CHECK(sync.profile_state("p2") == AstfState::loaded);
  CHECK(sync.profile_state("never") == AstfState::idle);
  CHECK_THROWS_WITH_AS(decode_astf_sync(reply_to(R"({"epoch":1,"state":9})", "sync")),
                       doctest::Contains("result.state"), TrexError);

  const AstfContext context = decode_astf_acquire(
      reply_to(R"({"handler":"xyz","ports":{"0":"xyz","1":"xyz"}})", "acquire"));
  CHECK(context.handler == "xyz");
  CHECK(context.ports == std::vector<std::uint8_t>{0, 1});

  const auto desc = decode_astf_counter_desc(reply_to(
      R"({"name":"counter desc","data":[
          {"id":0,"name":"-","help":"","units":"","zero":false,"info":"info","real":false,"abs":false},
          {"id":1,"name":"tcps_connattempt","help":"connections initiated","units":"","zero":false,"info":"info","real":true,"abs":false},
          {"id":2,"name":"tcps_connects","help":"connections established","units":"","zero":false,"info":"info","real":true,"abs":false},
          {"id":3,"name":"err_flow_overflow","help":"too many flows","units":"","zero":false,"info":"error","real":true,"abs":false}]})",
      "get_counter_desc"));
  REQUIRE(desc.size() == 4);
  CHECK_FALSE(desc[0].real);
  CHECK(desc[3].error);
  const AstfCounterValues values = decode_astf_counter_values(reply_to(
      R"({"name":"counter vals","epoch":3,"client":{"1":1000,"2":990,"3":4},"server":{"2":990}})",
      "get_counter_values"));
  CHECK(values.epoch == 3);
  const AstfTrialCounters named = name_counters(desc, values);
  CHECK(named.client_value("tcps_connattempt") == 1000);
  CHECK(named.client_value("tcps_connects") == 990);
  CHECK(named.server_value("tcps_connects") == 990);
  CHECK(named.server_value("tcps_connattempt") == 0);  // left out = zero
  CHECK_THROWS_AS(
      decode_astf_counter_values(reply_to(R"({"epoch":1,"client":{"x":1}})", "get_counter_values")),
      TrexError);
}

TEST_CASE("TCP connection rate: attempts and connects as CSIT counts them") {
  AstfMeasurerConfig config;
  AstfTrialFacts facts;
  facts.load_tps = 10'000.0;
  facts.generation_time = Seconds{1.0};
  facts.wall_time = Seconds{1.2};

  SUBCASE("every connection made: no loss, one off the expected count is no unsent") {
    const auto outcome = count_astf_trial(config, facts, tcp_counters(9'999, 9'999));
    const TrialResult result = TrialResult::from_outcome(10'000.0, Seconds{1.0}, outcome);
    CHECK(result.loss_ratio() == 0.0);
    CHECK(outcome.counters == "astf_l7");
    CHECK_FALSE(trexsearch::test_support::has_note_key(outcome, "astf_unsent"));
    CHECK(trexsearch::test_support::has_note_key(outcome, "astf_counts"));
    CHECK(trexsearch::test_support::has_note_key(outcome, "astf_counters"));
  }
  SUBCASE("connects missing are lost") {
    const auto outcome = count_astf_trial(config, facts, tcp_counters(10'000, 9'900));
    const TrialResult result = TrialResult::from_outcome(10'000.0, Seconds{1.0}, outcome);
    CHECK(result.loss_ratio() == doctest::Approx(0.01));
    CHECK_FALSE(result.tester_limited());
  }
  SUBCASE("attempts missing count as failed, and a client that fell behind is tester-limited") {
    facts.attempts_at_pace_check = 9'000;
    const auto outcome = count_astf_trial(config, facts, tcp_counters(9'000, 9'000));
    const TrialResult result = TrialResult::from_outcome(10'000.0, Seconds{1.0}, outcome);
    CHECK(result.measured_loss_ratio() == doctest::Approx(0.1));
    CHECK(result.tester_limited());
    CHECK(result.loss_ratio() == 1.0);
    CHECK(*outcome.tester_limited_pps == doctest::Approx(9'000.0));
    CHECK(trexsearch::test_support::has_note_key(outcome, "astf_unsent"));
    CHECK(trexsearch::test_support::has_note_key(outcome, "tester_limited"));
  }
  SUBCASE("a TRex resource error makes the trial tester-limited and is shown") {
    AstfTrialCounters counters = tcp_counters(10'000, 10'000);
    counters.client.push_back({"err_flow_overflow", 12, true});
    const auto outcome = count_astf_trial(config, facts, counters);
    CHECK(outcome.tester_limited_pps.has_value());
    CHECK(trexsearch::test_support::has_note_key(outcome, "astf_errors"));
  }
  SUBCASE("an SUT-caused error counter is shown but does not make it tester-limited") {
    AstfTrialCounters counters = tcp_counters(10'000, 9'000);
    counters.client.push_back({"tcps_rexmttimeo_syn", 1000, true});
    const auto outcome = count_astf_trial(config, facts, counters);
    CHECK_FALSE(outcome.tester_limited_pps.has_value());
    CHECK(trexsearch::test_support::has_note_key(outcome, "astf_errors"));
  }
}

TEST_CASE("a session count fixes the attempts, whatever the search's duration") {
  AstfMeasurerConfig config;
  config.sessions = 64'512;
  AstfTrialFacts facts;
  facts.load_tps = 9'000.0;
  facts.generation_time = Seconds{64'512.0 / 9'000.0};
  facts.wall_time = Seconds{7.5};
  const auto full = count_astf_trial(config, facts, tcp_counters(64'512, 64'512));
  CHECK(*full.intended_count == 64'512);
  const auto short_run = count_astf_trial(config, facts, tcp_counters(60'000, 60'000));
  CHECK(*short_run.intended_count == 64'512);
  CHECK(TrialResult::from_outcome(9'000.0, Seconds{1.0}, short_run).tester_limited());
}

TEST_CASE("UDP connection rate counts flows opened and answered") {
  AstfMeasurerConfig config;
  config.counting = AstfCounting::udp_transactions;
  AstfTrialFacts facts;
  facts.load_tps = 1'000.0;
  facts.generation_time = Seconds{2.0};
  AstfTrialCounters counters;
  // TRex's answers to CSIT's UDP CPS profile find the client flow closed (err_cwf):
  // only the client port counts them.
  counters.client = {
      {"udps_connects", 2'000, false}, {"udps_sndpkt", 2'000, false}, {"err_cwf", 1'500, true}};
  counters.ports[0] = {2'000, 1'500};
  counters.ports[1] = {1'500, 2'000};  // the server port: not counted
  const auto outcome = count_astf_trial(config, facts, counters);
  CHECK(outcome.offered_count == 2'000);
  CHECK(outcome.loss_count == 500);
}

TEST_CASE("throughput counts frames on every port, with the transaction's packets") {
  AstfMeasurerConfig config;
  config.counting = AstfCounting::frames;
  config.packets_per_transaction = 10;
  AstfTrialFacts facts;
  facts.load_tps = 100.0;
  facts.generation_time = Seconds{1.0};
  AstfTrialCounters counters;
  counters.client = {{"udps_connects", 100, false}};
  counters.ports[0] = {500, 485};  // sent, received
  counters.ports[1] = {490, 495};
  const auto outcome = count_astf_trial(config, facts, counters);
  CHECK(outcome.counters == "port");
  CHECK(outcome.offered_count == 990);
  CHECK(outcome.loss_count == 10);
  REQUIRE(outcome.directions.size() == 2);
  CHECK(outcome.directions[0].name == "0->1");
  CHECK(outcome.directions[0].received == 495);
  CHECK(outcome.directions[1].received == 485);
}

TEST_CASE("the measurer config refuses what cannot work, naming it") {
  AstfMeasurerConfig config;
  config.total_cps = 0.0;
  CHECK_THROWS_WITH(config.validate(), doctest::Contains("total_cps"));
  config = {};
  config.counting = AstfCounting::frames;
  CHECK_THROWS_WITH(config.validate(), doctest::Contains("packets_per_transaction"));
}
