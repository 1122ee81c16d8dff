#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stop_token>
#include <thread>
#include <vector>

#include "daemon/hooks/hook_rules.hpp"
#include "daemon/hooks/job_hook_runner.hpp"
#include "daemon/jobs/job_end.hpp"
#include "daemon/jobs/job_observer.hpp"
#include "daemon/jobs/job_queue.hpp"
#include "daemon/model/job_runner.hpp"
#include "daemon/store/store.hpp"

namespace trexsearch::service {

/// How the runner thread opens its store connection, and the trial limit.
struct JobThreadSettings {
  std::filesystem::path store_file;
  std::chrono::milliseconds store_busy_timeout{std::chrono::seconds(10)};
  std::uint64_t max_store_bytes = 0;
  std::uint64_t max_trials_per_job = 100000;
  /// Runner threads: how many jobs of different lanes (testbeds) may run at once.
  std::size_t runners = 1;
  /// The operator's hooks as they are when a job starts; null: none.
  std::shared_ptr<const HookRules> hook_rules;
};

/// The runner threads: each takes the next queued job whose lane runs none (one
/// per testbed at a time, docs/testbeds.md), runs it through the JobRunner of its
/// method on its own store connection, and stores how it ended (end_of_run). A job
/// is stopped through its std::stop_token (cancel) or its thread's (shutdown,
/// SIGTERM: the job is interrupted and resumes at the next start); the threads are
/// joined, never detached.
class JobThread {
 public:
  /// `runners` by method; `parts` must outlive this object.
  JobThread(JobThreadSettings settings, std::vector<std::unique_ptr<JobRunner>> runners,
            RunnerParts parts);
  /// Calls shutdown().
  ~JobThread();
  JobThread(const JobThread&) = delete;
  JobThread& operator=(const JobThread&) = delete;

  /// The methods it has a runner for.
  std::set<SearchMethod> methods() const;
  /// Starts the thread; it opens its own store connection.
  void start();
  /// Closes the queue, stops the running job and joins. Idempotent; never throws.
  void shutdown() noexcept;
  /// SIGHUP: applies to the running job's next trial too.
  void set_max_trials_per_job(std::uint64_t max_trials) { max_trials_ = max_trials; }

 private:
  /// A job's past runs as the store has them, or why it cannot run now.
  struct StoredPast {
    std::vector<StoredTrial> trials;
    int run_number = 0;
    std::optional<RunOutcome> not_started;
  };

  void run_loop(std::stop_token shutdown);
  void run_one(Store& store, TakenJob taken, const std::stop_token& shutdown);
  StoredPast load_past(Store& store, const TakenJob& taken);
  void announce_start(const QueuedJob& job, const StoredPast& past);
  RunOutcome run_search(Store& store, const TakenJob& taken, StoredPast past);
  /// The job's hook runner, or nullopt when it names no hooks.
  std::optional<JobHookRunner> job_hooks(Store& store, const QueuedJob& job, int run_number);
  /// Runs before_search or after_search hooks; folds a failure into `outcome`
  /// (before_search: the run does not start).
  void run_search_hooks(JobHookRunner& hooks, HookPoint point, const std::stop_token& stop,
                        RunOutcome& outcome);
  /// Stores the end state with the result; at least the state when the result
  /// does not fit.
  void record_end(Store& store, JobId id, const JobEnd& end, const RunOutcome& outcome);
  /// Between jobs: checkpoint, reserve, the end's log line and event, memory.
  void close_job(Store& store, JobId id, const JobEnd& end, const RunOutcome& outcome);

  const JobThreadSettings settings_;
  std::map<SearchMethod, std::unique_ptr<JobRunner>> runners_;
  RunnerParts parts_;
  std::atomic<std::uint64_t> max_trials_;
  /// Declared last: stopped and joined before anything they use is destroyed.
  std::vector<std::jthread> threads_;
};

}  // namespace trexsearch::service
