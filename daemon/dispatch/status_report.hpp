#pragma once

#include "daemon/jobs/queue_view.hpp"
#include "daemon/model/server_facts.hpp"
#include "daemon/model/trex_link.hpp"
#include "daemon/protocol/replies/status_reply.hpp"
#include "daemon/store/store_health_view.hpp"

namespace trexsearch::service {

// The daemon's records as the parts of the `status` reply (protocol::StatusReply):
// wall times as the wire's ISO 8601 UTC strings, empty texts as absent keys.

/// The daemon process, `uptime_s` seconds after it started.
protocol::StatusReply::Daemon daemon_status(const DaemonInfo& daemon, double uptime_s);
/// The TRex link as last seen.
protocol::StatusReply::TrexLink trex_status(const TrexLinkSnapshot& link);
/// The running job with its progress, and the queue.
protocol::StatusReply::Queue queue_status(const QueueStatus& queue);
/// Each configured testbed with its running job and queue (its lane's).
std::vector<protocol::StatusReply::Testbed> testbeds_status(
    const std::vector<TestbedInfo>& testbeds, const QueueStatus& queue);
/// The job store's health.
protocol::StatusReply::Store store_status(const StoreHealth& store);
/// The control server's clients.
protocol::StatusReply::Clients clients_status(const ServerStats& stats);

}  // namespace trexsearch::service
