#pragma once

#include <memory>
#include <optional>

#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// What `watch` starts from.
struct WatchStart {
  JobRecord record;
  std::optional<JobProgress> progress;
  /// True when the job is already over (or interrupted): no events will follow.
  bool ended = false;
};

/// Following a job's events (`watch`, and a closed connection's unwatch).
class JobWatching {
 public:
  virtual ~JobWatching() = default;

  /// Registers `watcher` for the job's events until it ends; throws
  /// RequestError(not_found).
  virtual WatchStart watch(JobId id, std::shared_ptr<JobWatcher> watcher) = 0;
  /// Removes a watcher (connection closed); unknown ones are ignored.
  virtual void unwatch(JobId id, const JobWatcher* watcher) = 0;
};

}  // namespace trexsearch::service
