#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>

#include "daemon/hooks/hooked_measurer.hpp"
#include "daemon/hooks/job_hook_runner.hpp"
#include "daemon/jobs/job_queue.hpp"
#include "daemon/jobs/job_watchers.hpp"
#include "daemon/log/log.hpp"
#include "daemon/metrics/trial_tally.hpp"
#include "daemon/model/job_runner.hpp"
#include "daemon/store/store.hpp"
#include "daemon/store/store_health_monitor.hpp"

namespace trexsearch::service {

/// What the runner thread reports to: the queue (progress, failures), watchers,
/// the trial counts, the store's health and the log. All must outlive its users.
struct RunnerParts {
  JobQueue& queue;
  JobWatchers& watchers;
  TrialTally& tally;
  StoreHealthMonitor& health;
  Logger& log;
};

/// What a running job's search reports, turned into store writes, events, log
/// lines and progress. Called on the runner thread.
class JobObserver final : public RunObserver {
 public:
  /// `store` is the runner's connection; `stop` the job's; `max_trials` is read
  /// at every trial (SIGHUP changes it for the running job too).
  /// `hooks`, when the job names trial hooks, runs them around each live trial;
  /// `testbed` labels its trials' counts ("" for a job on none).
  JobObserver(RunnerParts parts, Store& store, JobId id, std::stop_token stop,
              const std::atomic<std::uint64_t>& max_trials, JobHookRunner* hooks = nullptr,
              std::string testbed = "");

  void trial_done(const StoredTrial& trial, const JobProgress& progress) override;
  void replay_finished(std::size_t replayed, const JobProgress& progress) override;
  void trex_connected(const std::string& version) override;
  void debug(std::string_view text) override;
  measure::Measurer& with_trial_hooks(measure::Measurer& live, std::uint64_t next_trial) override;

 private:
  /// Stores the trial, waiting out transient errors; false when it is not stored
  /// (the job is stopped then, and failed when the store failed).
  bool store_trial(const StoredTrial& trial);
  /// Counts the stored trial and tells the queue, the log and the watchers.
  void report_trial(const StoredTrial& trial, const JobProgress& progress);

  RunnerParts parts_;
  Store& store_;
  JobId id_;
  std::string testbed_;
  std::stop_token stop_;
  const std::atomic<std::uint64_t>& max_trials_;
  bool store_failed_ = false;
  JobHookRunner* hooks_;
  std::optional<HookedMeasurer> hooked_;
};

}  // namespace trexsearch::service
