#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "daemon/service/job_control.hpp"
#include "daemon/service/job_runner.hpp"
#include "daemon/service/log.hpp"
#include "daemon/service/measurer_factory.hpp"
#include "daemon/service/store.hpp"
#include "daemon/service/store_reserve.hpp"

namespace trexsearch::service {

/// How the job manager is set up.
struct JobManagerSettings {
  std::filesystem::path store_file;
  /// Queued jobs beyond this are refused (busy).
  std::size_t max_queued = 1000;
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
};

/// Owns the job queue and the runner thread: jobs run one at a time (one TRex
/// instance, so one runner), each stopped through a std::stop_token. Every state
/// change and every trial goes to the store before anything else hears of it.
///
/// JobControl calls come from the io thread (they may also come from others:
/// everything is locked); watchers are called on the runner thread.
class JobManager final : public JobControl {
 public:
  /// Called with a one-line status ("job 3 running: trial 12; 1 queued") whenever
  /// it changes, from either thread; for systemd's STATUS=.
  using StatusSink = std::function<void(const std::string&)>;

  /// Opens the store (throws SqliteError). `runners` by method; `factories` and
  /// `log` must outlive this object.
  JobManager(JobManagerSettings settings, std::vector<std::unique_ptr<JobRunner>> runners,
             const MeasurerFactories& factories, Logger& log, StatusSink status = {});
  /// Calls shutdown().
  ~JobManager() override;
  JobManager(const JobManager&) = delete;
  JobManager& operator=(const JobManager&) = delete;

  /// Picks up the store's unfinished jobs (resuming interrupted ones first, in
  /// submission order) and starts the runner thread.
  void start();
  /// Stops the running job, which is marked interrupted (it resumes at the next
  /// start), and joins the runner thread. Idempotent; never throws.
  void shutdown() noexcept;
  /// Reloadable setting.
  void set_max_queued(std::size_t max_queued);
  /// The daemon settings recorded with jobs submitted from now on (SIGHUP).
  void set_config_json(std::string config_json);
  /// SIGHUP: applies to the running job's next trial too.
  void set_max_trials_per_job(std::uint64_t max_trials);

  /// Trials stored since the start, by (phase, result): result is "no_loss",
  /// "loss" or "tester_limited" (the Prometheus counter trexsearch_trials_total).
  using TrialTotals = std::map<std::pair<std::string, std::string>, std::uint64_t>;
  TrialTotals trial_totals() const;

  SubmitReceipt submit(const JobSpec& spec, const std::string& submitted_by) override;
  SuiteReceipt submit_suite(const SuiteSpec& suite, const std::string& submitted_by) override;
  SuiteDetails suite(const SuiteRef& ref) override;
  std::vector<SuiteRecord> suites(std::size_t limit) override;
  QueueStatus queue_status() override;
  std::optional<StoreHealth> store_health() override;
  std::vector<JobRecord> list(std::optional<JobState> state, std::size_t limit) override;
  JobDetails details(JobId id, bool with_trials) override;
  CancelOutcome cancel(JobId id, const std::string& cancelled_by) override;
  std::size_t remove(JobId id, const std::string& removed_by) override;
  std::string result_json(JobId id) override;
  WatchStart watch(JobId id, std::shared_ptr<JobWatcher> watcher) override;
  void unwatch(JobId id, const JobWatcher* watcher) override;
  /// A store connection of its own (busy timeout as the runner's), reading the
  /// queue and progress from this manager.
  std::unique_ptr<JobStoreAccess> open_store_access() override;

 private:
  struct QueuedJob {
    JobId id = 0;
    JobSpec spec;
    std::string name;
  };
  struct RunningJob {
    JobId id = 0;
    JobSpec spec;
    WallTime started_at{};
    std::stop_source stop;
    bool cancel_requested = false;
    std::string cancelled_by;
    JobProgress progress;
    /// Set when the job must fail although its search did not (a trial could not
    /// be stored, the trial limit was reached); the search is stopped.
    std::string failure;
    /// Whether the failure stands even when the search completed anyway (a lost
    /// trial does; reaching the trial limit with the last trial does not).
    bool failure_overrides_completion = false;
  };
  class Observer;
  class WorkerStoreAccess;

  void run_loop(std::stop_token shutdown);
  void run_one(Store& store, QueuedJob job, const std::stop_token& shutdown);
  JobRunner* runner_for(SearchMethod method) const;
  void publish(const JobEvent& event);
  /// Stops the running job, which then fails with `reason` (the first one given).
  void fail_running(const std::string& reason, bool overrides_completion);
  /// Records the outcome of a store write, for `status`.
  /// The running job's stop token (cancel or SIGTERM); a never-stopping token when idle.
  std::stop_token running_stop_token();
  void note_store_write(const std::exception* error);
  void update_status();
  std::string status_line_locked() const;
  JobRecord require_job(JobId id);
  // The JobStoreAccess commands on a given store connection: the io thread's
  // (under io_store_mutex_) or a request-pool worker's own.
  static JobRecord require_job_in(Store& store, JobId id);
  JobDetails details_in(Store& store, JobId id, bool with_trials);
  std::size_t remove_in(Store& store, JobId id, const std::string& removed_by);
  std::string result_json_in(Store& store, JobId id);
  static SuiteDetails suite_in(Store& store, const SuiteRef& ref);
  /// Refuses a submission (busy) while shutting down or when `count` more jobs
  /// would overfill the queue; returns the daemon settings to record.
  std::string admit_locked(std::size_t count) const;

  JobManagerSettings settings_;
  std::map<SearchMethod, std::unique_ptr<JobRunner>> runners_;
  const MeasurerFactories& factories_;
  Logger& log_;
  StatusSink status_;

  /// Guards the queue, the running job and the watchers. Taken before io_store_mutex_
  /// when both are needed; never held by the runner while it writes to the store.
  mutable std::mutex mutex_;
  std::condition_variable_any wakeup_;
  std::deque<QueuedJob> queue_;
  std::unique_ptr<RunningJob> running_;
  std::map<JobId, std::vector<std::shared_ptr<JobWatcher>>> watchers_;
  /// Counted once stored (under mutex_).
  TrialTotals trial_totals_;
  bool shutting_down_ = false;
  /// The store's health, for `status` (under mutex_).
  bool store_writable_ = true;
  std::string store_error_;
  std::optional<WallTime> store_error_at_;
  /// What happened to the store file (deleted, replaced), once noticed.
  std::string store_problem_;
  /// Why the reserve is missing ("" while held), so each change is logged once.
  std::string reserve_problem_;

  /// Given back when a write fails for lack of space, so that the end state,
  /// delete and checkpoints still work (StoreReserve).
  StoreReserve reserve_;
  /// Releases the reserve after `error` when it means a full file system; true
  /// when space was given back (then the write is worth one more try).
  bool release_reserve_for(const std::exception& error, JobId job);
  /// Allocates the reserve again when it is missing, logging why it cannot be.
  void restore_reserve();

  /// The io thread's connection; the runner thread opens its own.
  std::mutex io_store_mutex_;
  Store io_store_;

  /// Declared last: stopped and joined before anything it uses is destroyed.
  std::jthread runner_;
};

}  // namespace trexsearch::service
