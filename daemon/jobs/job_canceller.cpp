#include "daemon/jobs/job_canceller.hpp"

#include <chrono>

#include "daemon/model/service_errors.hpp"

namespace trexsearch::service {

JobCanceller::JobCanceller(JobQueue& queue, JobWatchers& watchers, LockedStore& store,
                           StoreCommands& store_commands, Logger& log)
    : queue_(queue),
      watchers_(watchers),
      store_(store),
      store_commands_(store_commands),
      log_(log) {}

CancelOutcome JobCanceller::cancel(JobId id, const std::string& cancelled_by) {
  const std::string reason = "cancelled by " + cancelled_by + " before it started";
  const QueueCancel done = queue_.cancel(id, cancelled_by, [&] {
    store_.with([&](Store& store) {
      store.finish(id, JobState::cancelled, reason, std::chrono::system_clock::now(), nullptr);
    });
  });
  switch (done) {
    case QueueCancel::stop_requested:
      log_.event(LogPriority::info, "job.cancelling", {{"job", id}, {"by", cancelled_by}});
      return CancelOutcome::stopping;
    case QueueCancel::already_stopping:
      return CancelOutcome::stopping;
    case QueueCancel::removed: {
      log_.event(LogPriority::info, "job.cancelled", {{"job", id}, {"reason", reason}});
      const JobEvent ended{JobEvent::Kind::ended, id, JobState::cancelled, reason, std::nullopt};
      for (const auto& watcher : watchers_.take(id)) watcher->on_event(ended);
      queue_.report_status();
      return CancelOutcome::cancelled;
    }
    case QueueCancel::not_live:
      break;
  }
  const JobRecord record = store_commands_.require_job(id);
  throw RequestError(ResultCode::conflict, "job " + std::to_string(id) + " is " +
                                               std::string(to_string(record.state)) +
                                               "; only queued and running jobs can be cancelled");
}

}  // namespace trexsearch::service
