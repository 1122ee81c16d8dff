#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/jobs/job_queue.hpp"
#include "daemon/jobs/job_store_access.hpp"
#include "daemon/log/log.hpp"
#include "daemon/store/locked_store.hpp"
#include "daemon/store/store_health_monitor.hpp"

namespace trexsearch::service {

/// The store commands (list, show, result, delete, suites) on one store
/// connection, with the queue's live view of each job: the io thread's (shared
/// with its other users, hence locked) or a request-pool worker's own.
class StoreCommands final : public JobStoreAccess {
 public:
  /// On `store`, which others use too; everything must outlive this object.
  StoreCommands(LockedStore& store, JobQueue& queue, StoreHealthMonitor& health, Logger& log);
  /// On a store connection of its own.
  StoreCommands(std::unique_ptr<LockedStore> own, JobQueue& queue, StoreHealthMonitor& health,
                Logger& log);

  std::vector<JobRecord> list(std::optional<JobState> state, std::size_t limit,
                              const std::optional<std::string>& testbed) override;
  JobDetails details(JobId id, bool with_trials) override;
  std::size_t remove(JobId id, const std::string& removed_by) override;
  std::string result_json(JobId id) override;
  SuiteDetails suite(const SuiteRef& ref) override;
  std::vector<SuiteRecord> suites(std::size_t limit) override;
  std::vector<HookRun> hook_runs(JobId id) override;

  /// The stored job; throws RequestError(not_found).
  JobRecord require_job(JobId id);

 private:
  /// Deletes the job's rows; nullopt when there is no such job.
  std::optional<std::size_t> delete_rows(Store& store, JobId id);

  std::unique_ptr<LockedStore> own_;
  LockedStore& store_;
  JobQueue& queue_;
  StoreHealthMonitor& health_;
  Logger& log_;
};

}  // namespace trexsearch::service
