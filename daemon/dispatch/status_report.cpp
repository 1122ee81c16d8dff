#include "daemon/dispatch/status_report.hpp"

#include "daemon/model/protocol_records.hpp"

namespace trexsearch::service {
namespace {

std::optional<std::string> unless_empty(const std::string& text) {
  return text.empty() ? std::nullopt : std::optional(text);
}

std::optional<std::string> utc_of(const std::optional<WallTime>& time) {
  return time ? std::optional(format_utc(*time)) : std::nullopt;
}

}  // namespace

protocol::StatusReply::Daemon daemon_status(const DaemonInfo& daemon, double uptime_s) {
  return {daemon.version, daemon.pid,         format_utc(daemon.started_at),
          uptime_s,       daemon.socket_path, daemon.state_dir};
}

protocol::StatusReply::TrexLink trex_status(const TrexLinkSnapshot& link) {
  return {std::string(to_string(link.state)),
          link.state == TrexLinkState::connected,
          link.endpoint,
          format_utc(link.since),
          unless_empty(link.trex_version),
          utc_of(link.last_contact),
          unless_empty(link.last_error),
          link.recoveries};
}

protocol::StatusReply::RunningJob running_status(const RunningJobStatus& running) {
  return protocol::StatusReply::RunningJob{running.id,
                                           running.name,
                                           running.method,
                                           running.measurer_kind,
                                           format_utc(running.started_at),
                                           running.cancel_requested,
                                           running.progress,
                                           running.lane};
}

protocol::StatusReply::Queue queue_status(const QueueStatus& queue) {
  protocol::StatusReply::Queue status;
  if (queue.running) status.running = running_status(*queue.running);
  for (const RunningJobStatus& running : queue.running_jobs) {
    status.running_jobs.push_back(running_status(running));
  }
  status.queued = queue.queued;
  status.max_queued = queue.max_queued;
  return status;
}

std::vector<protocol::StatusReply::Testbed> testbeds_status(
    const std::vector<TestbedInfo>& testbeds, const QueueStatus& queue) {
  std::vector<protocol::StatusReply::Testbed> status;
  for (const TestbedInfo& testbed : testbeds) {
    // The lane of a testbed's jobs (job_lane).
    const std::string lane = "testbed " + testbed.name;
    protocol::StatusReply::Testbed entry{testbed.name, testbed.endpoint, testbed.ports, {}, {}};
    for (const RunningJobStatus& running : queue.running_jobs) {
      if (running.lane == lane) entry.running = running.id;
    }
    if (const auto queued = queue.queued_by_lane.find(lane); queued != queue.queued_by_lane.end()) {
      entry.queued = queued->second;
    }
    status.push_back(std::move(entry));
  }
  return status;
}

protocol::StatusReply::Store store_status(const StoreHealth& store) {
  return {store.file,
          store.bytes,
          store.max_bytes,
          store.writable,
          store.reserve_bytes,
          store.reserve_held,
          unless_empty(store.last_error),
          utc_of(store.last_error_at)};
}

protocol::StatusReply::Clients clients_status(const ServerStats& stats) {
  return {stats.clients,      stats.max_clients,      stats.max_clients_per_user,
          stats.output_bytes, stats.max_output_bytes, stats.blocked};
}

}  // namespace trexsearch::service
