// The start batch: the previous run's RX rules detached first, then the starts in the
// given order, then a ping whose server time closes the last start's hand-off window.
// (Detaching each port's rules right before its own start was measured and not kept:
// docs/benchmarks-trex.md "TRex's own waits".)
#include <doctest/doctest.h>
#include <json/json.h>

#include <memory>
#include <string>
#include <vector>

#include "tests/trex_client/json_parse.hpp"
#include "trex_client/api/trex_api.hpp"
#include "trex_client/transport/rpc_channel.hpp"

using namespace trexsearch::trex;

namespace {

/// Answers every element of a batch as TRex would (start: a multiplier and a server
/// time one ms after the previous element's; ping: the next time) and keeps what was
/// asked, as "method port".
class RecordingChannel final : public RpcChannel {
 public:
  explicit RecordingChannel(std::vector<std::string>& asked) : asked_(asked) {}

  std::string exchange(std::string_view request_json, std::string_view,
                       trexsearch::measure::Seconds) override {
    const Json::Value request =
        trexsearch::test_support::parse_json_text(std::string(request_json));
    Json::Value replies(Json::arrayValue);
    for (const Json::Value& element : request) {
      const std::string method = element["method"].asString();
      const Json::Value& params = element["params"];
      asked_.push_back(params.isMember("port_id")
                           ? method + " " + std::to_string(params["port_id"].asInt())
                           : method);
      server_ts_ += 0.001;
      Json::Value reply;
      reply["jsonrpc"] = "2.0";
      reply["id"] = element["id"];
      reply["result"] = Json::objectValue;
      if (method == "start_traffic") {
        reply["result"]["multiplier"] = 1.0;
        reply["result"]["ts"] = server_ts_;
      } else if (method == "ping") {
        reply["result"]["ts"] = server_ts_;
      }
      replies.append(reply);
    }
    return Json::FastWriter().write(replies);
  }

  const std::string& endpoint() const override { return endpoint_; }

 private:
  std::vector<std::string>& asked_;
  double server_ts_ = 100.0;
  std::string endpoint_ = "recording://trex";
};

PortStart start_of(std::uint8_t port) {
  PortStart start;
  start.port = {port, "h" + std::to_string(port)};
  start.request.multiplier = {MultiplierType::pps, 1000.0};
  return start;
}

}  // namespace

TEST_CASE("the previous run's RX rules are detached before the starts, replies in order") {
  std::vector<std::string> asked;
  TrexApi api(std::make_unique<RecordingChannel>(asked));
  const PortStart starts[] = {start_of(0), start_of(1)};
  const OwnedPort release[] = {{1, "h1"}, {0, "h0"}};

  const std::vector<StartTrafficReply> replies = api.start_traffic(starts, release);

  const std::vector<std::string> expected = {"remove_rx_filters 1", "remove_rx_filters 0",
                                             "start_traffic 0", "start_traffic 1", "ping"};
  CHECK(asked == expected);
  // Each start's window is closed by the server time of what came after it.
  REQUIRE(replies.size() == 2);
  CHECK(replies[0].server_ts == doctest::Approx(100.003));
  CHECK(replies[0].next_server_ts == doctest::Approx(100.004));
  CHECK(replies[1].server_ts == doctest::Approx(100.004));
  CHECK(replies[1].next_server_ts == doctest::Approx(100.005));
}

TEST_CASE("a start batch without rules to detach is the starts and a ping") {
  std::vector<std::string> asked;
  TrexApi api(std::make_unique<RecordingChannel>(asked));
  const PortStart starts[] = {start_of(0), start_of(1)};

  const std::vector<StartTrafficReply> replies = api.start_traffic(starts, {});

  const std::vector<std::string> expected = {"start_traffic 0", "start_traffic 1", "ping"};
  CHECK(asked == expected);
  REQUIRE(replies.size() == 2);
  CHECK(replies[0].next_server_ts == doctest::Approx(replies[1].server_ts));
}
