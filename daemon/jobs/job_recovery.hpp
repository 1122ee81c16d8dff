#pragma once

#include <set>
#include <vector>

#include "daemon/jobs/job_queue.hpp"
#include "daemon/log/log.hpp"
#include "daemon/store/locked_store.hpp"
#include "daemon/store/store_health_monitor.hpp"

namespace trexsearch::service {

/// The store's unfinished jobs at start, in submission order, to queue before any
/// submitted since: a job that was running (crash, SIGKILL) is marked interrupted
/// and resumes with them. One whose stored spec no longer decodes, or that was
/// running while `resume_interrupted` is off, is failed with the reason instead.
/// Jobs in `already_queued` (submitted before start) are left out. A store that
/// cannot be written does not stop the start: the failure is logged and noted in
/// `health`, and the job's own writes fail it later.
std::vector<QueuedJob> recover_jobs(LockedStore& store, StoreHealthMonitor& health, Logger& log,
                                    bool resume_interrupted, const std::set<JobId>& already_queued);

}  // namespace trexsearch::service
