#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/jobs/job_canceller.hpp"
#include "daemon/jobs/job_control.hpp"
#include "daemon/jobs/job_intake.hpp"
#include "daemon/jobs/job_queue.hpp"
#include "daemon/jobs/job_thread.hpp"
#include "daemon/jobs/job_watchers.hpp"
#include "daemon/jobs/store_commands.hpp"
#include "daemon/log/log.hpp"
#include "daemon/metrics/trial_tally.hpp"
#include "daemon/model/job_runner.hpp"
#include "daemon/store/locked_store.hpp"
#include "daemon/store/store_health_monitor.hpp"

namespace trexsearch::service {

/// How the job manager is set up.
struct JobManagerSettings {
  std::filesystem::path store_file;
  /// Queued jobs beyond this are refused (busy).
  std::size_t max_queued = 1000;
  /// Runner threads: jobs of this many lanes (testbeds) may run at once.
  std::size_t runners = 1;
  /// Resume jobs that were running when the daemon stopped or died; when false they
  /// are marked failed at start.
  bool resume_interrupted = true;
  std::string daemon_version;
  /// The daemon settings recorded with every job (JSON).
  std::string config_json = "{}";
  /// A job that has stored this many trials fails (`max-trials-per-job`).
  std::uint64_t max_trials_per_job = 100000;
  /// The store's size cap [bytes] (`max-store-mib`); 0: none but the disk's.
  std::uint64_t max_store_bytes = 0;
  /// Space kept free beside the store for writes on a full disk
  /// (`store-reserve-mib`, StoreReserve); 0: none.
  std::uint64_t store_reserve_bytes = 0;
  /// How long one store write waits for a lock another process holds before it
  /// counts as failed (and is retried with backoff).
  std::chrono::milliseconds store_busy_timeout{std::chrono::seconds(10)};
  /// The operator's hooks (docs/testbeds.md "Hooks"); null: none.
  std::shared_ptr<const HookRules> hook_rules;
};

/// Owns the job pieces and wires them: the io thread's store connection, the
/// store's health, the queue, the watchers, the trial counts, intake (submit),
/// cancel and the job thread. It holds no logic of its own: each JobControl call
/// goes to the piece that does it, and each piece is reachable through its narrow
/// interface for handlers that need only that.
///
/// JobControl calls come from the io thread (they may also come from others: every
/// piece is locked); watchers are called on the job thread.
class JobManager final : public JobControl {
 public:
  /// Called with a one-line status ("job 3 running: trial 12; 1 queued") whenever
  /// it changes, from either thread; for systemd's STATUS=.
  using StatusSink = JobQueue::StatusSink;
  using TrialTotals = service::TrialTotals;

  /// Opens the store and checks it (throws SqliteError). `runners` by method;
  /// `factories` and `log` must outlive this object.
  JobManager(JobManagerSettings settings, std::vector<std::unique_ptr<JobRunner>> runners,
             const MeasurerFactories& factories, Logger& log, StatusSink status = {});
  ~JobManager() override = default;
  JobManager(const JobManager&) = delete;
  JobManager& operator=(const JobManager&) = delete;

  /// Queues the store's unfinished jobs (recover_jobs) before any submitted so far
  /// and starts the job thread.
  void start();
  /// Stops the running job, which is marked interrupted (it resumes at the next
  /// start), and joins the job thread. Idempotent; never throws.
  void shutdown() noexcept { thread_.shutdown(); }
  /// Reloadable settings (SIGHUP).
  void set_max_queued(std::size_t max_queued) { queue_.set_max_queued(max_queued); }
  void set_config_json(std::string config_json) { intake_.set_config_json(std::move(config_json)); }
  void set_max_trials_per_job(std::uint64_t max_trials) {
    thread_.set_max_trials_per_job(max_trials);
  }
  /// Trials stored since the start (metrics).
  TrialTotals trial_totals() const { return tally_.totals(); }

  /// The pieces by their narrow interfaces.
  JobSubmission& submission() { return intake_; }
  JobCancelling& cancelling() { return canceller_; }
  JobWatching& watching() { return watchers_; }
  QueueView& queue() { return queue_; }
  StoreHealthView& health() { return health_; }
  JobStoreAccess& io_store_access() { return io_commands_; }
  JobStoreOpener& store_opener() { return *this; }

  // JobControl, for the dispatcher as it is: each call goes to its piece.
  SubmitReceipt submit(const JobSpec& spec, const std::string& submitted_by) override {
    return intake_.submit(spec, submitted_by);
  }
  SuiteReceipt submit_suite(const SuiteSpec& suite, const std::string& submitted_by) override {
    return intake_.submit_suite(suite, submitted_by);
  }
  CancelOutcome cancel(JobId id, const std::string& cancelled_by) override {
    return canceller_.cancel(id, cancelled_by);
  }
  WatchStart watch(JobId id, std::shared_ptr<JobWatcher> watcher) override {
    return watchers_.watch(id, std::move(watcher));
  }
  void unwatch(JobId id, const JobWatcher* watcher) override { watchers_.unwatch(id, watcher); }
  QueueStatus queue_status() override { return queue_.queue_status(); }
  std::optional<StoreHealth> store_health() override { return health_.store_health(); }
  std::vector<JobRecord> list(std::optional<JobState> state, std::size_t limit,
                              const std::optional<std::string>& testbed) override {
    return io_commands_.list(state, limit, testbed);
  }
  JobDetails details(JobId id, bool with_trials) override {
    return io_commands_.details(id, with_trials);
  }
  std::size_t remove(JobId id, const std::string& removed_by) override {
    return io_commands_.remove(id, removed_by);
  }
  std::string result_json(JobId id) override { return io_commands_.result_json(id); }
  SuiteDetails suite(const SuiteRef& ref) override { return io_commands_.suite(ref); }
  std::vector<SuiteRecord> suites(std::size_t limit) override { return io_commands_.suites(limit); }
  /// A store connection of its own (busy timeout as the job thread's), reading the
  /// queue and progress from memory.
  std::unique_ptr<JobStoreAccess> open_store_access() override;

 private:
  const JobManagerSettings settings_;
  Logger& log_;
  /// The io thread's connection; the job thread and request-pool workers open their own.
  LockedStore io_store_;
  StoreHealthMonitor health_;
  JobQueue queue_;
  StoreCommands io_commands_;
  JobWatchers watchers_;
  TrialTally tally_;
  JobIntake intake_;
  JobCanceller canceller_;
  /// Declared last: stopped and joined before anything it uses is destroyed.
  JobThread thread_;
};

}  // namespace trexsearch::service
