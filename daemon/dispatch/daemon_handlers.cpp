// The dispatcher's handlers about the daemon itself: version and status.
#include <chrono>

#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/dispatch/status_report.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/envelope.hpp"

namespace trexsearch::service {

Answer<VersionReply> Dispatcher::version(const protocol::VersionRequest& /*request*/,
                                         const DispatchContext& /*context*/) {
  VersionReply reply;
  reply.version = info_.version;
  reply.protocol = protocol::kProtocolVersion;
  return {"trex-searchd " + info_.version, reply};
}

Answer<StatusReply> Dispatcher::status(const protocol::StatusRequest& /*request*/,
                                       const DispatchContext& /*context*/) {
  const double uptime_s =
      std::chrono::duration<double>(std::chrono::system_clock::now() - info_.started_at).count();
  const QueueStatus queue = jobs_.queue.queue_status();
  const std::optional<StoreHealth> store = jobs_.health.store_health();
  StatusReply reply;
  reply.daemon = daemon_status(info_, uptime_s);
  if (trex_) reply.trex = trex_status(trex_());
  reply.queue = queue_status(queue);
  if (store) reply.store = store_status(*store);
  if (stats_) reply.clients = clients_status(stats_());
  reply.testbeds = testbeds_status(info_.testbeds, queue);
  if (replication_probe_) reply.replication = replication_probe_();
  std::string text =
      queue.running ? "job " + std::to_string(queue.running->id) + " running" : "idle";
  text += ", " + std::to_string(queue.queued.size()) + " queued";
  if (store && !store->writable) {
    text += "; the job store cannot be written: " + store->last_error;
  }
  if (reply.replication && !reply.replication->connected && reply.replication->last_error) {
    text += "; replication to the fleet database is failing: " + *reply.replication->last_error;
  }
  return {text, std::move(reply)};
}

}  // namespace trexsearch::service
