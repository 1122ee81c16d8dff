#pragma once

#include <string>

#include "daemon/jobs/job_cancelling.hpp"
#include "daemon/jobs/job_queue.hpp"
#include "daemon/jobs/job_watchers.hpp"
#include "daemon/jobs/store_commands.hpp"
#include "daemon/log/log.hpp"

namespace trexsearch::service {

/// Cancels jobs: a queued one is recorded as cancelled and leaves the queue (its
/// watchers hear that it ended); a running one is asked to stop, and the runner
/// records how it ended.
class JobCanceller final : public JobCancelling {
 public:
  /// Everything must outlive this object; `store` is the io thread's.
  JobCanceller(JobQueue& queue, JobWatchers& watchers, LockedStore& store,
               StoreCommands& store_commands, Logger& log);

  CancelOutcome cancel(JobId id, const std::string& cancelled_by) override;

 private:
  JobQueue& queue_;
  JobWatchers& watchers_;
  LockedStore& store_;
  StoreCommands& store_commands_;
  Logger& log_;
};

}  // namespace trexsearch::service
