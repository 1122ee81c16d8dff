#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "daemon/jobs/job_queue.hpp"
#include "daemon/jobs/job_watching.hpp"
#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// The watchers of queued and running jobs, and the events sent to them. A watcher
/// is only registered while its job is live (queued or running), and the job's
/// `ended` event removes them all, so none waits forever. Thread-safe: `watch`
/// comes from the io thread, events from the runner thread.
class JobWatchers final : public JobWatching {
 public:
  /// The stored job, or RequestError(not_found).
  using FindJob = std::function<JobRecord(JobId)>;

  /// `queue` must outlive this object.
  JobWatchers(JobQueue& queue, FindJob find_job);

  WatchStart watch(JobId id, std::shared_ptr<JobWatcher> watcher) override;
  void unwatch(JobId id, const JobWatcher* watcher) override;
  /// Sends `event` to the job's watchers (not under any lock); an `ended` event
  /// unregisters them.
  void publish(const JobEvent& event);
  /// Unregisters the job's watchers and returns them (a queued job cancelled).
  std::vector<std::shared_ptr<JobWatcher>> take(JobId id);

 private:
  JobQueue& queue_;
  FindJob find_job_;
  std::mutex mutex_;
  std::map<JobId, std::vector<std::shared_ptr<JobWatcher>>> watchers_;
};

}  // namespace trexsearch::service
