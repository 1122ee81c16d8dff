#include "daemon/jobs/job_queue.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <utility>

#include "daemon/model/service_errors.hpp"

namespace trexsearch::service {

JobQueue::JobQueue(std::size_t max_queued, StatusSink status)
    : status_(std::move(status)), max_queued_(max_queued) {}

void JobQueue::set_max_queued(std::size_t max_queued) {
  std::lock_guard lock(mutex_);
  max_queued_ = max_queued;
}

void JobQueue::admit(std::size_t count) const {
  std::lock_guard lock(mutex_);
  if (closed_) throw RequestError(ResultCode::busy, "trex-searchd is shutting down");
  if (queued_.size() + count > max_queued_) {
    throw RequestError(
        ResultCode::busy,
        "the queue is full (" + std::to_string(queued_.size()) + " jobs" +
            (count > 1 ? " queued, " + std::to_string(count) + " more asked" : std::string()) +
            ", max-queued-jobs " + std::to_string(max_queued_) + "); try again later");
  }
}

std::size_t JobQueue::push(std::vector<QueuedJob> jobs) {
  std::size_t position = 0;
  {
    std::lock_guard lock(mutex_);
    position = queued_.size() + 1;
    std::move(jobs.begin(), jobs.end(), std::back_inserter(queued_));
  }
  wakeup_.notify_all();
  return position;
}

void JobQueue::push_front(std::vector<QueuedJob> jobs) {
  {
    std::lock_guard lock(mutex_);
    queued_.insert(queued_.begin(), std::make_move_iterator(jobs.begin()),
                   std::make_move_iterator(jobs.end()));
  }
  wakeup_.notify_all();
}

std::set<JobId> JobQueue::queued_ids() const {
  std::lock_guard lock(mutex_);
  std::set<JobId> ids;
  for (const QueuedJob& job : queued_) ids.insert(job.id);
  return ids;
}

void JobQueue::close() {
  std::lock_guard lock(mutex_);
  closed_ = true;
}

std::deque<QueuedJob>::const_iterator JobQueue::find_queued(JobId id) const {
  return std::find_if(queued_.begin(), queued_.end(),
                      [id](const QueuedJob& job) { return job.id == id; });
}

JobPlace JobQueue::place(JobId id) const {
  std::lock_guard lock(mutex_);
  if (is_running(id)) return JobPlace::running;
  return find_queued(id) != queued_.end() ? JobPlace::queued : JobPlace::none;
}

std::optional<std::size_t> JobQueue::position(JobId id) const {
  std::lock_guard lock(mutex_);
  const auto found = find_queued(id);
  if (found == queued_.end()) return std::nullopt;
  return static_cast<std::size_t>(found - queued_.begin()) + 1;
}

std::optional<JobProgress> JobQueue::progress(JobId id) const {
  std::lock_guard lock(mutex_);
  if (!is_running(id)) return std::nullopt;
  return running_->progress;
}

bool JobQueue::while_live(JobId id, const std::function<void(const JobProgress*)>& action) {
  std::lock_guard lock(mutex_);
  if (is_running(id)) {
    action(&running_->progress);
    return true;
  }
  if (find_queued(id) == queued_.end()) return false;
  action(nullptr);
  return true;
}

QueueCancel JobQueue::cancel(JobId id, const std::string& cancelled_by,
                             const std::function<void()>& record_cancelled) {
  std::lock_guard lock(mutex_);
  if (is_running(id)) {
    if (running_->cancel_requested) return QueueCancel::already_stopping;
    running_->cancel_requested = true;
    running_->cancelled_by = cancelled_by;
    running_->taken.stop.request_stop();
    return QueueCancel::stop_requested;
  }
  const auto found = find_queued(id);
  if (found == queued_.end()) return QueueCancel::not_live;
  // Record first, then forget: if recording fails the job stays queued. Under the
  // lock, so that the runner cannot take it meanwhile.
  record_cancelled();
  queued_.erase(found);
  return QueueCancel::removed;
}

QueueStatus JobQueue::queue_status() {
  std::lock_guard lock(mutex_);
  QueueStatus status;
  status.max_queued = max_queued_;
  if (running_) {
    const QueuedJob& job = running_->taken.job;
    status.running = RunningJobStatus{job.id,
                                      job.spec.name,
                                      std::string(to_string(job.spec.method)),
                                      std::string(measurer_kind(job.spec.measurer)),
                                      running_->taken.started_at,
                                      running_->progress,
                                      running_->cancel_requested};
  }
  for (const QueuedJob& job : queued_) {
    status.queued.push_back(job.id);
    ++status.queued_by_method[std::string(to_string(job.spec.method))];
  }
  return status;
}

std::string JobQueue::status_line_locked() const {
  std::string line = "idle";
  if (running_) {
    const QueuedJob& job = running_->taken.job;
    line = "job " + std::to_string(job.id) + " running (" +
           std::string(to_string(job.spec.method)) + ", " +
           std::string(measurer_kind(job.spec.measurer)) + ")";
    if (running_->progress.trial_count > 0) {
      line += ": trial " + std::to_string(running_->progress.trial_count);
    }
  }
  return line + "; " + std::to_string(queued_.size()) + " queued";
}

std::string JobQueue::status_line() const {
  std::lock_guard lock(mutex_);
  return status_line_locked();
}

void JobQueue::report_status() const {
  if (status_) status_(status_line());
}

std::optional<TakenJob> JobQueue::take_next(std::stop_token shutdown) {
  std::unique_lock lock(mutex_);
  wakeup_.wait(lock, shutdown, [this] { return !queued_.empty(); });
  if (shutdown.stop_requested()) return std::nullopt;
  running_ = std::make_unique<Running>();
  running_->taken.job = std::move(queued_.front());
  queued_.pop_front();
  running_->taken.started_at = std::chrono::system_clock::now();
  return running_->taken;
}

void JobQueue::set_progress(const JobProgress& progress) {
  std::lock_guard lock(mutex_);
  if (running_) running_->progress = progress;
}

void JobQueue::fail_running(const std::string& reason, bool overrides_completion) {
  std::lock_guard lock(mutex_);
  if (!running_) return;
  if (running_->failure.empty()) {
    running_->failure = reason;
    running_->failure_overrides_completion = overrides_completion;
  }
  running_->taken.stop.request_stop();
}

std::stop_token JobQueue::running_stop_token() const {
  std::lock_guard lock(mutex_);
  return running_ ? running_->taken.stop.get_token() : std::stop_token{};
}

RunFacts JobQueue::running_facts() const {
  std::lock_guard lock(mutex_);
  RunFacts facts;
  facts.shutting_down = closed_;
  if (running_) {
    facts.cancelled = running_->cancel_requested;
    facts.cancelled_by = running_->cancelled_by;
    facts.failure = running_->failure;
    facts.failure_overrides_completion = running_->failure_overrides_completion;
  }
  return facts;
}

void JobQueue::finish_running() {
  std::lock_guard lock(mutex_);
  running_.reset();
}

}  // namespace trexsearch::service
