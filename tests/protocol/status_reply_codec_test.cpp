#include "daemon/protocol/replies/status_reply_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {
namespace {

// Through the codec and the envelope, as the daemon sends it and a client reads it.
StatusReply round_trip(const StatusReply& reply) {
  Response response;
  response.id = std::int64_t{4};
  response.arguments = encode_reply(reply);
  const std::string line = encode_response(response);
  return decode_reply<StatusReply>(parse_response(line.substr(0, line.size() - 1)).arguments);
}

StatusReply busy_daemon() {
  StatusReply reply;
  reply.daemon = {"0.1.0",
                  4242,
                  "2026-11-25T08:00:00.000Z",
                  3600.5,
                  "/run/trex-search/control.sock",
                  "/var/lib/trex-search"};
  reply.trex = StatusReply::TrexLink{"connected",
                                     true,
                                     "tcp://127.0.0.1:4501",
                                     "2026-11-25T08:00:02.000Z",
                                     "v3.08",
                                     "2026-11-25T08:59:00.000Z",
                                     "timeout after 5 s",
                                     2};
  StatusReply::RunningJob running;
  running.id = 12;
  running.name = "nightly/64";
  running.method = "mlr";
  running.measurer = "trex";
  running.started_at = "2026-11-25T08:30:00.000Z";
  running.cancel_requested = true;
  running.progress.trial_count = 3;
  running.progress.goals.push_back({"NDR", 900000.0, std::nullopt, 1, false});
  running.lane = "testbed lab-a";
  StatusReply::RunningJob beside = running;
  beside.id = 15;
  beside.lane = "testbed lab-b";
  beside.cancel_requested = false;
  reply.queue = {running, {running, beside}, {13, 14}, 64};
  reply.store = StatusReply::Store{
      "/var/lib/trex-search/jobs.db", 1048576, 0, false, 8388608, false, "disk full",
      "2026-11-25T08:58:00.000Z"};
  reply.clients = StatusReply::Clients{2, 64, 8, 512, 1048576, 1};
  reply.testbeds = {{"lab-a", "tcp://127.0.0.1:4501", "0,1", 12, {13}},
                    {"lab-b", "tcp://127.0.0.1:4511", "0,1", std::nullopt, {}}};
  return reply;
}

}  // namespace

TEST_CASE("a status reply round-trips through its codec and the envelope") {
  const StatusReply busy = busy_daemon();
  CHECK(round_trip(busy) == busy);

  StatusReply idle;
  idle.daemon = busy.daemon;
  idle.queue.max_queued = 64;
  idle.store = StatusReply::Store{
      "/var/lib/trex-search/jobs.db", 4096, 1 << 20, true, 0, false, std::nullopt, std::nullopt};
  CHECK(round_trip(idle) == idle);
}

TEST_CASE("a status reply is written in the documented shape") {
  StatusReply reply;
  reply.daemon = {"0.1.0", 7, "2026-11-25T08:00:00.000Z", 2.5, "/s", "/d"};
  reply.queue.queued = {3};
  reply.queue.max_queued = 10;
  // No TRex: the not_configured object; no store, no clients: the keys left out.
  CHECK(codec::to_compact_json(json_of(encode_reply(reply))) ==
        R"({"daemon":{"pid":7,"socket":"/s","started_at":"2026-11-25T08:00:00.000Z",)"
        R"("state_dir":"/d","uptime":2.5,"version":"0.1.0"},"queue":{"max_queued":10,)"
        R"("queued":[3],"queued_count":1,"running":null,"running_jobs":[]},)"
        R"("trex":{"connected":false,"state":"not_configured"}})");
  // An idle link without a version, contact or error leaves those keys out.
  reply.trex =
      StatusReply::TrexLink{"idle",       false,        "tcp://t:4501", "2026-11-25T08:00:00.000Z",
                            std::nullopt, std::nullopt, std::nullopt,   0};
  CHECK(codec::to_compact_json(json_of(encode_reply(reply))["trex"]) ==
        R"({"connected":false,"endpoint":"tcp://t:4501","recoveries":0,)"
        R"("since":"2026-11-25T08:00:00.000Z","state":"idle"})");
}

TEST_CASE("a status reply with a missing or mistyped field is refused naming the field") {
  const Json::Value good = json_of(encode_reply(busy_daemon()));
  Json::Value no_pid = good;
  no_pid["daemon"].removeMember("pid");
  CHECK_THROWS_WITH_AS(decode_reply<StatusReply>(make_document(no_pid)),
                       doctest::Contains("arguments.daemon.pid"), measure::ConfigError);
  Json::Value running_text = good;
  running_text["queue"]["running"] = "job 12";
  CHECK_THROWS_WITH_AS(decode_reply<StatusReply>(make_document(running_text)),
                       doctest::Contains("arguments.queue.running"), measure::ConfigError);
  Json::Value running_jobs_text = good;
  running_jobs_text["queue"]["running_jobs"][1] = "job 15";
  CHECK_THROWS_WITH_AS(decode_reply<StatusReply>(make_document(running_jobs_text)),
                       doctest::Contains("arguments.queue.running_jobs[1]"), measure::ConfigError);
  // A daemon from before testbeds sends neither running_jobs nor lanes.
  Json::Value older = good;
  older["queue"].removeMember("running_jobs");
  older["queue"]["running"].removeMember("lane");
  const StatusReply read = decode_reply<StatusReply>(make_document(older));
  CHECK(read.queue.running_jobs.empty());
  CHECK(read.queue.running->lane.empty());
  Json::Value testbed_queued = good;
  testbed_queued["testbeds"][0]["queued"][0] = "13";
  CHECK_THROWS_WITH_AS(decode_reply<StatusReply>(make_document(testbed_queued)),
                       doctest::Contains("arguments.testbeds[0].queued[0]"), measure::ConfigError);
  Json::Value bad_queued = good;
  bad_queued["queue"]["queued"][1] = "14";
  CHECK_THROWS_WITH_AS(decode_reply<StatusReply>(make_document(bad_queued)),
                       doctest::Contains("arguments.queue.queued[1]"), measure::ConfigError);
}

}  // namespace trexsearch::protocol
