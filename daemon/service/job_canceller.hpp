#pragma once

#include <string>

#include "daemon/service/job_cancelling.hpp"
#include "daemon/service/job_queue.hpp"
#include "daemon/service/job_watchers.hpp"
#include "daemon/service/log.hpp"
#include "daemon/service/store_commands.hpp"

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
