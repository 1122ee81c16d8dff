// The daemon's `status` records through status_report and the protocol's codec:
// the reply has the keys the daemon has always written, and a client reading it
// writes it back the same.
#include "daemon/dispatch/status_report.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/replies/status_reply_codec.hpp"

namespace trexsearch::service {
namespace {

WallTime at_seconds(int seconds) {
  // 2026-11-25T08:00:00Z
  return WallTime{} + std::chrono::seconds(1795593600 + seconds);
}

protocol::StatusReply busy_status() {
  DaemonInfo daemon{"0.1.0", 4242, at_seconds(0), "/run/control.sock", "/var/lib/trex-search", {}};
  TrexLinkSnapshot link;
  link.state = TrexLinkState::reconnecting;
  link.endpoint = "tcp://127.0.0.1:4501";
  link.since = at_seconds(60);
  link.last_error = "TRex went away";
  link.recoveries = 1;
  QueueStatus queue;
  RunningJobStatus running;
  running.id = 12;
  running.name = "nightly";
  running.method = "mlr";
  running.measurer_kind = "trex";
  running.started_at = at_seconds(30);
  running.progress.trial_count = 3;
  queue.running = running;
  queue.queued = {13, 14};
  queue.max_queued = 64;
  StoreHealth store;
  store.file = "/var/lib/trex-search/jobs.db";
  store.bytes = 2097152;
  store.writable = false;
  store.last_error = "disk full";
  store.last_error_at = at_seconds(90);
  protocol::StatusReply reply;
  reply.daemon = daemon_status(daemon, 120.5);
  reply.trex = trex_status(link);
  reply.queue = queue_status(queue);
  reply.store = store_status(store);
  reply.clients = clients_status(ServerStats{2, 64, 8, 0, 1048576, 0});
  return reply;
}

std::string wire(const protocol::Document& arguments) {
  return codec::to_compact_json(protocol::json_of(arguments));
}

}  // namespace

TEST_CASE("status: the daemon's records as the reply's arguments, empty texts left out") {
  const std::string written = wire(protocol::encode_reply(busy_status()));
  CHECK(
      written ==
      R"({"clients":{"blocked":0,"connected":2,"max":64,"max_output_bytes":1048576,)"
      R"("max_per_user":8,"output_bytes":0},"daemon":{"pid":4242,"socket":"/run/control.sock",)"
      R"("started_at":"2026-11-25T08:00:00.000Z","state_dir":"/var/lib/trex-search",)"
      R"("uptime":120.5,"version":"0.1.0"},"queue":{"max_queued":64,"queued":[13,14],)"
      R"("queued_count":2,"running":{"cancel_requested":false,"id":12,"lane":"","measurer":"trex",)"
      R"("method":"mlr","name":"nightly","progress":{"goals":[],"last_trial":null,)"
      R"("trial_count":3},"started_at":"2026-11-25T08:00:30.000Z"},"running_jobs":[]},)"
      R"("store":{"bytes":2097152,)"
      R"("file":"/var/lib/trex-search/jobs.db","last_error":"disk full",)"
      R"("last_error_at":"2026-11-25T08:01:30.000Z","max_bytes":0,"reserve_bytes":0,)"
      R"("reserve_held":false,"writable":false},"trex":{"connected":false,)"
      R"("endpoint":"tcp://127.0.0.1:4501","last_error":"TRex went away","recoveries":1,)"
      R"("since":"2026-11-25T08:01:00.000Z","state":"reconnecting"}})");
  // A client decodes it and writes it back the same.
  const auto decoded =
      protocol::decode_reply<protocol::StatusReply>(protocol::encode_reply(busy_status()));
  CHECK(wire(protocol::encode_reply(decoded)) == written);
}

TEST_CASE("status: a link that never failed nor reached TRex has no version, contact or error") {
  TrexLinkSnapshot idle;
  idle.endpoint = "tcp://t:4501";
  const protocol::StatusReply::TrexLink link = trex_status(idle);
  CHECK(link.state == "idle");
  CHECK_FALSE(link.connected);
  CHECK_FALSE(link.trex_version.has_value());
  CHECK_FALSE(link.last_contact.has_value());
  CHECK_FALSE(link.last_error.has_value());
  idle.state = TrexLinkState::connected;
  idle.trex_version = "v3.08";
  idle.last_contact = at_seconds(5);
  CHECK(trex_status(idle).connected);
  CHECK(trex_status(idle).trex_version == "v3.08");
  CHECK(trex_status(idle).last_contact == "2026-11-25T08:00:05.000Z");
}

}  // namespace trexsearch::service
