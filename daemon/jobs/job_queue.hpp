#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <vector>

#include "daemon/jobs/job_end.hpp"
#include "daemon/jobs/queue_view.hpp"
#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

/// A job waiting to run.
struct QueuedJob {
  JobId id = 0;
  JobSpec spec;
  std::string name;
  /// Its lane (job_lane): jobs of one lane run one at a time, in order; jobs of
  /// different lanes at the same time.
  std::string lane;
};

/// A job to queue, in the lane its spec says (job_lane).
QueuedJob queued_job(JobId id, JobSpec spec);

/// The job the runner took from the queue.
struct TakenJob {
  QueuedJob job;
  WallTime started_at{};
  /// Stops the run (cancel, SIGTERM); the queue keeps a copy for cancel.
  std::stop_source stop;
};

/// Where a job is in memory.
enum class JobPlace { none, queued, running };

/// What JobQueue::cancel did.
enum class QueueCancel {
  stop_requested,    ///< it runs; its stop was requested now
  already_stopping,  ///< it runs and was cancelled before
  removed,           ///< it was queued; recorded as cancelled and removed
  not_live,          ///< neither queued nor running
};

/// The jobs in memory: the queued ones in the order they were queued, and the ones
/// running, at most one per lane (a testbed's TRex ports run one job at a time;
/// docs/testbeds.md). Answers `status`, positions and the `max-queued-jobs` limit
/// without touching the store. Thread-safe: one lock, so a job is always either
/// queued, running or neither for every caller.
class JobQueue final : public QueueView {
 public:
  /// Called with a one-line status ("job 3 running: trial 12; 1 queued") by
  /// report_status(); for systemd's STATUS=.
  using StatusSink = std::function<void(const std::string&)>;

  explicit JobQueue(std::size_t max_queued, StatusSink status = {});

  /// Reloadable (SIGHUP).
  void set_max_queued(std::size_t max_queued);
  /// Throws RequestError(busy) once closed, or when `count` more jobs would
  /// overfill the queue.
  void admit(std::size_t count) const;
  /// Queues `jobs` at the end, in order, and wakes the runners; returns the first
  /// one's 1-based position in its lane.
  std::size_t push(std::vector<QueuedJob> jobs);
  /// Queues `jobs` before all others, in order (jobs recovered at start).
  void push_front(std::vector<QueuedJob> jobs);
  /// The ids queued now.
  std::set<JobId> queued_ids() const;
  /// Refuses further submissions (the daemon stops); a run ending now is interrupted.
  void close();

  JobPlace place(JobId id) const;
  /// The 1-based position while queued, among the queued jobs of its lane.
  std::optional<std::size_t> position(JobId id) const;
  /// The progress while it runs.
  std::optional<JobProgress> progress(JobId id) const;
  /// Runs `action` under the lock when the job is queued or running (with its
  /// progress while it runs, else nullptr), so that it cannot end meanwhile;
  /// returns whether it ran.
  bool while_live(JobId id, const std::function<void(const JobProgress*)>& action);
  /// Cancels a job: a running one's stop is requested; a queued one is removed
  /// after `record_cancelled()` returns (if it throws, the job stays queued).
  QueueCancel cancel(JobId id, const std::string& cancelled_by,
                     const std::function<void()>& record_cancelled);
  QueueStatus queue_status() override;
  std::string status_line() const;
  /// Sends status_line() to the status sink.
  void report_status() const;

  /// A runner's side. Waits for the first queued job whose lane runs none and makes
  /// it a running one; nullopt when `shutdown` is requested first.
  std::optional<TakenJob> take_next(std::stop_token shutdown);
  void set_progress(JobId id, const JobProgress& progress);
  /// The same, then `announce` under the same lock: a watch registered by while_live
  /// sees either the progress before it and then what `announce` sends, or the
  /// progress after it and not that (`announce` must only hand events over).
  void set_progress(JobId id, const JobProgress& progress, const std::function<void()>& announce);
  /// Stops running job `id`, which then fails with `reason` (the first one given).
  void fail_running(JobId id, const std::string& reason, bool overrides_completion);
  /// Running job `id`'s stop token; a never-stopping one when it does not run.
  std::stop_token running_stop_token(JobId id) const;
  /// What the queue knows of the run of `id` (cancel, failure, closed) for
  /// end_of_run; the outcome is left for the runner to fill in.
  RunFacts running_facts(JobId id) const;
  /// Forgets running job `id` (its end is stored) and frees its lane.
  void finish_running(JobId id);

 private:
  struct Running {
    TakenJob taken;
    bool cancel_requested = false;
    std::string cancelled_by;
    JobProgress progress;
    /// Set when the job must fail although its search did not (a trial could not
    /// be stored, the trial limit was reached); the search is stopped.
    std::string failure;
    /// Whether the failure stands even when the search completed anyway.
    bool failure_overrides_completion = false;
  };

  std::deque<QueuedJob>::const_iterator find_queued(JobId id) const;
  Running* running_of(JobId id) const;
  bool is_running(JobId id) const { return running_of(id) != nullptr; }
  /// The first queued job whose lane runs none.
  std::deque<QueuedJob>::iterator next_runnable();
  /// The 1-based position of `at` among the queued jobs of its lane.
  std::size_t lane_position(const std::deque<QueuedJob>::const_iterator& at) const;
  std::string status_line_locked() const;

  StatusSink status_;
  mutable std::mutex mutex_;
  std::condition_variable_any wakeup_;
  std::size_t max_queued_;
  std::deque<QueuedJob> queued_;
  /// In the order they started.
  std::vector<std::unique_ptr<Running>> running_;
  bool closed_ = false;
};

}  // namespace trexsearch::service
