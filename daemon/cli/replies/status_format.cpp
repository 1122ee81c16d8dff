#include "daemon/cli/replies/status_format.hpp"

#include <sstream>

#include "daemon/cli/replies/job_progress_text.hpp"
#include "daemon/cli/text/number_text.hpp"

namespace trexsearch::cli {
namespace {

using protocol::StatusReply;

constexpr double kMiB = 1048576.0;

// "connected to tcp://...:4501 (v3.04) since ...", "failed at ... : reason".
std::string trex_line(const std::optional<StatusReply::TrexLink>& trex) {
  if (!trex) return "not configured";
  const std::string& state = trex->state;
  std::ostringstream line;
  line << state;
  if (state == "connected" || state == "connecting" || state == "reconnecting") {
    line << " to " << trex->endpoint;
    if (trex->trex_version) line << " (TRex " << *trex->trex_version << ")";
    line << " since " << trex->since;
  } else {
    line << " (endpoint " << trex->endpoint << "; connects when a trex job runs)";
    if (trex->last_contact) line << ", last contact " << *trex->last_contact;
  }
  if (trex->last_error) line << "\n  last error: " << *trex->last_error;
  if (trex->recoveries > 0) {
    line << "\n  reconnections after TRex restarts or lost connections: " << trex->recoveries;
  }
  return line.str();
}

std::string queue_lines(const StatusReply::Queue& queue) {
  std::ostringstream text;
  // Every running job (a daemon before testbeds sends only `running`).
  std::vector<StatusReply::RunningJob> running_jobs = queue.running_jobs;
  if (running_jobs.empty() && queue.running) running_jobs.push_back(*queue.running);
  for (const StatusReply::RunningJob& running : running_jobs) {
    text << "running: job " << running.id << " (" << running.method << ", " << running.measurer
         << (running.lane.empty() || running.lane == "no TRex" ? "" : ", " + running.lane) << ")"
         << (running.name.empty() ? "" : " " + running.name) << ", trial "
         << running.progress.trial_count << (running.cancel_requested ? ", cancelling" : "")
         << "\n";
    text << "  " << progress_summary(running.progress) << "\n";
  }
  if (running_jobs.empty()) text << "running: nothing\n";
  text << "queued: " << queue.queued.size();
  if (!queue.queued.empty()) {
    text << " (jobs";
    for (const protocol::JobId id : queue.queued) text << " " << id;
    text << ")";
  }
  text << "\n";
  return text.str();
}

std::string testbed_lines(const std::vector<StatusReply::Testbed>& testbeds) {
  std::ostringstream text;
  for (const StatusReply::Testbed& testbed : testbeds) {
    text << "testbed " << testbed.name << " (" << testbed.endpoint << ", ports " << testbed.ports
         << "): " << (testbed.running ? "job " + std::to_string(*testbed.running) : "idle");
    if (!testbed.queued.empty()) {
      text << "; queued";
      for (const protocol::JobId id : testbed.queued) text << " " << id;
    }
    text << "\n";
  }
  return text.str();
}

std::string store_lines(const StatusReply::Store& store) {
  std::ostringstream text;
  text << "store: " << store.file << ", " << fixed(static_cast<double>(store.bytes) / kMiB, 1)
       << " MiB";
  if (store.max_bytes > 0) {
    text << " of " << fixed(static_cast<double>(store.max_bytes) / kMiB, 0) << " MiB";
  }
  if (!store.writable) {
    text << "\n  CANNOT BE WRITTEN since " << store.last_error_at.value_or("") << ": "
         << store.last_error.value_or("");
  }
  if (store.reserve_bytes > 0 && !store.reserve_held) {
    text << "\n  its " << fixed(static_cast<double>(store.reserve_bytes) / kMiB, 0)
         << " MiB reserve is not in place (file system full?): free space, or delete "
            "old jobs";
  }
  text << "\n";
  return text.str();
}

std::string replication_lines(const StatusReply::Replication& replication) {
  std::ostringstream text;
  text << "fleet: " << replication.target << " as " << replication.tester << ", "
       << replication.rows_behind << " rows behind";
  if (replication.last_success) text << ", last success " << *replication.last_success;
  if (!replication.connected && replication.last_error) {
    text << "\n  FAILING since " << replication.last_error_at.value_or("") << ": "
         << *replication.last_error;
  }
  text << "\n";
  return text.str();
}

}  // namespace

std::string format_status(const StatusReply& status) {
  std::ostringstream text;
  text << "trex-searchd " << status.daemon.version << ", pid " << status.daemon.pid << ", up "
       << fixed(status.daemon.uptime_s, 0) << " s\n";
  text << "TRex: " << trex_line(status.trex) << "\n";
  text << queue_lines(status.queue) << testbed_lines(status.testbeds);
  if (status.store) text << store_lines(*status.store);
  if (status.replication) text << replication_lines(*status.replication);
  if (status.clients) {
    text << "clients: " << status.clients->connected << " of " << status.clients->max << "\n";
  }
  return text.str();
}

std::optional<StatusReply> status_of_testbed(const StatusReply& status,
                                             const std::string& testbed) {
  StatusReply only = status;
  std::erase_if(only.testbeds,
                [&](const StatusReply::Testbed& entry) { return entry.name != testbed; });
  if (only.testbeds.empty()) return std::nullopt;
  // The lane of a job placed on the testbed (docs/testbeds.md).
  const std::string lane = "testbed " + testbed;
  std::erase_if(only.queue.running_jobs,
                [&](const StatusReply::RunningJob& job) { return job.lane != lane; });
  only.queue.running = only.queue.running_jobs.empty()
                           ? std::nullopt
                           : std::optional(only.queue.running_jobs.front());
  only.queue.queued = only.testbeds.front().queued;
  return only;
}

}  // namespace trexsearch::cli
