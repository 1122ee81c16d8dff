// JobManager's JobControl side: the calls the dispatcher makes from the io thread
// (submit, cancel, queries, watches). The runner side is in job_manager.cpp.
#include <algorithm>
#include <chrono>

#include "daemon/service/job_manager.hpp"

#include "daemon/service/service_errors.hpp"
#include "daemon/service/sqlite.hpp"

namespace trexsearch::service {
namespace {

WallTime now() { return std::chrono::system_clock::now(); }

std::string job_name(JobId id) { return "job " + std::to_string(id); }

}  // namespace

JobRecord JobManager::require_job_in(Store& store, JobId id) {
  auto record = store.job(id);
  if (!record) throw RequestError(ResultCode::not_found, "no job " + std::to_string(id));
  return std::move(*record);
}

JobRecord JobManager::require_job(JobId id) {
  std::lock_guard store_lock(io_store_mutex_);
  return require_job_in(io_store_, id);
}

SubmitReceipt JobManager::submit(const JobSpec& spec, const std::string& submitted_by) {
  if (runner_for(spec.method) == nullptr) {
    throw NotSupportedError("method", "\"" + std::string(to_string(spec.method)) + "\"",
                            "this trex-searchd cannot run such jobs yet");
  }
  factories_.for_spec(spec.measurer).check_allowed(spec.measurer);
  std::string config_json;
  {
    std::lock_guard lock(mutex_);
    config_json = admit_locked(1);
  }
  JobId id = 0;
  try {
    std::lock_guard store_lock(io_store_mutex_);
    id = io_store_.add_job(
        NewJob{spec, now(), submitted_by, settings_.daemon_version, std::move(config_json)});
  } catch (const SqliteError& error) {
    note_store_write(&error);
    throw RequestError(ResultCode::error, "cannot store the job: " + std::string(error.what()) +
                                              store_write_hint(error));
  }
  note_store_write(nullptr);
  std::size_t position = 0;
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(QueuedJob{id, spec, spec.name});
    position = queue_.size();
  }
  wakeup_.notify_all();
  log_.event(LogPriority::info, "job.submitted",
             {{"job", id},
              {"name", spec.name},
              {"method", to_string(spec.method)},
              {"measurer", measurer_kind(spec.measurer)},
              {"by", submitted_by}});
  update_status();
  return SubmitReceipt{id, position};
}

std::string JobManager::admit_locked(std::size_t count) const {
  if (shutting_down_) throw RequestError(ResultCode::busy, "trex-searchd is shutting down");
  if (queue_.size() + count > settings_.max_queued) {
    throw RequestError(ResultCode::busy,
                       "the queue is full (" + std::to_string(queue_.size()) + " jobs" +
                           (count > 1 ? " queued, " + std::to_string(count) + " more asked"
                                      : std::string()) +
                           ", max-queued-jobs " + std::to_string(settings_.max_queued) +
                           "); try again later");
  }
  return settings_.config_json;
}

QueueStatus JobManager::queue_status() {
  std::lock_guard lock(mutex_);
  QueueStatus status;
  status.max_queued = settings_.max_queued;
  if (running_) {
    status.running = RunningJobStatus{running_->id,
                                      running_->spec.name,
                                      std::string(to_string(running_->spec.method)),
                                      std::string(measurer_kind(running_->spec.measurer)),
                                      running_->started_at,
                                      running_->progress,
                                      running_->cancel_requested};
  }
  for (const QueuedJob& job : queue_) {
    status.queued.push_back(job.id);
    ++status.queued_by_method[std::string(to_string(job.spec.method))];
  }
  return status;
}

JobManager::TrialTotals JobManager::trial_totals() const {
  std::lock_guard lock(mutex_);
  return trial_totals_;
}

std::vector<JobRecord> JobManager::list(std::optional<JobState> state, std::size_t limit) {
  std::lock_guard store_lock(io_store_mutex_);
  return io_store_.jobs(state, limit);
}

/// A request-pool worker's store connection, with the manager's queue and progress.
class JobManager::WorkerStoreAccess final : public JobStoreAccess {
 public:
  WorkerStoreAccess(JobManager& manager)
      : manager_(manager), store_(manager.settings_.store_file, manager.settings_.store_busy_timeout) {
    store_.set_max_bytes(manager.settings_.max_store_bytes);
  }

  std::vector<JobRecord> list(std::optional<JobState> state, std::size_t limit) override {
    return store_.jobs(state, limit);
  }
  JobDetails details(JobId id, bool with_trials) override {
    return manager_.details_in(store_, id, with_trials);
  }
  std::size_t remove(JobId id, const std::string& removed_by) override {
    return manager_.remove_in(store_, id, removed_by);
  }
  std::string result_json(JobId id) override { return manager_.result_json_in(store_, id); }
  SuiteDetails suite(const SuiteRef& ref) override { return JobManager::suite_in(store_, ref); }
  std::vector<SuiteRecord> suites(std::size_t limit) override { return store_.suites(limit); }

 private:
  JobManager& manager_;
  Store store_;
};

std::unique_ptr<JobStoreAccess> JobManager::open_store_access() {
  return std::make_unique<WorkerStoreAccess>(*this);
}

JobDetails JobManager::details(JobId id, bool with_trials) {
  std::lock_guard store_lock(io_store_mutex_);
  return details_in(io_store_, id, with_trials);
}

JobDetails JobManager::details_in(Store& store, JobId id, bool with_trials) {
  JobDetails details;
  {
    std::lock_guard lock(mutex_);
    if (running_ && running_->id == id) details.progress = running_->progress;
    const auto queued = std::find_if(queue_.begin(), queue_.end(),
                                     [id](const QueuedJob& job) { return job.id == id; });
    if (queued != queue_.end()) {
      details.queue_position = static_cast<std::size_t>(queued - queue_.begin()) + 1;
    }
  }
  details.record = require_job_in(store, id);
  if (with_trials) details.trials = store.trials(id);
  return details;
}

CancelOutcome JobManager::cancel(JobId id, const std::string& cancelled_by) {
  std::vector<std::shared_ptr<JobWatcher>> watchers;
  const std::string reason = "cancelled by " + cancelled_by + " before it started";
  bool was_queued = false;
  {
    std::lock_guard lock(mutex_);
    if (running_ && running_->id == id) {
      if (!running_->cancel_requested) {
        running_->cancel_requested = true;
        running_->cancelled_by = cancelled_by;
        running_->stop.request_stop();
        log_.event(LogPriority::info, "job.cancelling", {{"job", id}, {"by", cancelled_by}});
      }
      return CancelOutcome::stopping;
    }
    const auto queued = std::find_if(queue_.begin(), queue_.end(),
                                     [id](const QueuedJob& job) { return job.id == id; });
    if (queued != queue_.end()) {
      {
        // Record first, then forget: if the store write fails the job stays queued.
        std::lock_guard store_lock(io_store_mutex_);
        io_store_.finish(id, JobState::cancelled, reason, now(), nullptr);
      }
      queue_.erase(queued);
      was_queued = true;
      const auto found = watchers_.find(id);
      if (found != watchers_.end()) {
        watchers = std::move(found->second);
        watchers_.erase(found);
      }
    }
  }
  if (was_queued) {
    log_.event(LogPriority::info, "job.cancelled", {{"job", id}, {"reason", reason}});
    const JobEvent ended{JobEvent::Kind::ended, id, JobState::cancelled, reason, std::nullopt};
    for (const auto& watcher : watchers) watcher->on_event(ended);
    update_status();
    return CancelOutcome::cancelled;
  }
  const JobRecord record = require_job(id);
  throw RequestError(ResultCode::conflict, job_name(id) + " is " +
                                               std::string(to_string(record.state)) +
                                               "; only queued and running jobs can be cancelled");
}

std::size_t JobManager::remove(JobId id, const std::string& removed_by) {
  std::lock_guard store_lock(io_store_mutex_);
  return remove_in(io_store_, id, removed_by);
}

std::size_t JobManager::remove_in(Store& store, JobId id, const std::string& removed_by) {
  {
    // Only the check holds the lock, not the delete (seconds for a big job, while
    // `status` needs this lock). An ended job never runs or queues again: the
    // runner stores a job's final state before it forgets the job, and only
    // start() (before any request) queues stored jobs.
    std::lock_guard lock(mutex_);
    const bool queued = std::any_of(queue_.begin(), queue_.end(),
                                    [id](const QueuedJob& job) { return job.id == id; });
    if ((running_ && running_->id == id) || queued) {
      throw RequestError(ResultCode::conflict, job_name(id) + " is " +
                                                   (queued ? "queued" : "running") +
                                                   "; cancel it first, then delete it");
    }
  }
  std::optional<std::size_t> trials;
  try {
    try {
      trials = store.delete_job(id);
    } catch (const SqliteError& error) {
      // On a full disk the one big transaction needs log pages there are none of:
      // with the reserve given back, delete in checkpointed batches instead.
      if (!is_store_full(error)) throw;
      release_reserve_for(error, id);
      trials = store.delete_job_in_batches(id, 256);
    }
    store.checkpoint();
  } catch (const SqliteError& error) {
    throw RequestError(ResultCode::error, "cannot delete " + job_name(id) + ": " + error.what() +
                                              store_write_hint(error));
  }
  note_store_write(nullptr);
  restore_reserve();
  if (!trials) throw RequestError(ResultCode::not_found, "no " + job_name(id));
  log_.event(LogPriority::notice, "job.deleted",
             {{"job", id}, {"by", removed_by}, {"trials", static_cast<std::uint64_t>(*trials)}});
  return *trials;
}

std::string JobManager::result_json(JobId id) {
  std::lock_guard store_lock(io_store_mutex_);
  return result_json_in(io_store_, id);
}

std::string JobManager::result_json_in(Store& store, JobId id) {
  const JobRecord record = require_job_in(store, id);
  auto result = store.result_json(id);
  if (!result) {
    throw RequestError(ResultCode::conflict, job_name(id) + " has no result: it is " +
                                                 std::string(to_string(record.state)));
  }
  return std::move(*result);
}

WatchStart JobManager::watch(JobId id, std::shared_ptr<JobWatcher> watcher) {
  WatchStart start;
  bool live = false;
  {
    std::lock_guard lock(mutex_);
    const bool queued = std::any_of(queue_.begin(), queue_.end(),
                                    [id](const QueuedJob& job) { return job.id == id; });
    if ((running_ && running_->id == id) || queued) {
      watchers_[id].push_back(std::move(watcher));
      if (running_ && running_->id == id) start.progress = running_->progress;
      live = true;
    }
  }
  try {
    start.record = require_job(id);
  } catch (...) {
    if (live) {
      std::lock_guard lock(mutex_);
      watchers_.erase(id);
    }
    throw;
  }
  start.ended = !live;
  return start;
}

void JobManager::unwatch(JobId id, const JobWatcher* watcher) {
  std::lock_guard lock(mutex_);
  const auto found = watchers_.find(id);
  if (found == watchers_.end()) return;
  auto& list = found->second;
  list.erase(std::remove_if(list.begin(), list.end(),
                            [watcher](const auto& entry) { return entry.get() == watcher; }),
             list.end());
  if (list.empty()) watchers_.erase(found);
}

}  // namespace trexsearch::service
