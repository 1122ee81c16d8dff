// The dispatcher's handlers about the daemon itself: version and status.
#include <chrono>

#include "daemon/protocol/envelope.hpp"
#include "daemon/service/dispatcher.hpp"
#include "daemon/service/service_errors.hpp"

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
  StatusReply reply;
  reply.daemon = info_;
  reply.uptime_s =
      std::chrono::duration<double>(std::chrono::system_clock::now() - info_.started_at).count();
  if (trex_) reply.trex = trex_();
  reply.queue = jobs_.queue.queue_status();
  reply.store = jobs_.health.store_health();
  if (stats_) reply.clients = stats_();
  const QueueStatus& queue = reply.queue;
  std::string text =
      queue.running ? "job " + std::to_string(queue.running->id) + " running" : "idle";
  text += ", " + std::to_string(queue.queued.size()) + " queued";
  if (reply.store && !reply.store->writable) {
    text += "; the job store cannot be written: " + reply.store->last_error;
  }
  return {text, std::move(reply)};
}

}  // namespace trexsearch::service
