#include "daemon/jobs/job_queue.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <utility>

#include "daemon/model/service_errors.hpp"

namespace trexsearch::service {

QueuedJob queued_job(JobId id, JobSpec spec) {
  std::string name = spec.name;
  std::string lane = job_lane(spec);
  return QueuedJob{id, std::move(spec), std::move(name), std::move(lane)};
}

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
    const std::size_t first = queued_.size();
    std::move(jobs.begin(), jobs.end(), std::back_inserter(queued_));
    if (first < queued_.size()) {
      position = lane_position(std::next(queued_.cbegin(), static_cast<std::ptrdiff_t>(first)));
    }
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

JobQueue::Running* JobQueue::running_of(JobId id) const {
  for (const std::unique_ptr<Running>& running : running_) {
    if (running->taken.job.id == id) return running.get();
  }
  return nullptr;
}

std::size_t JobQueue::lane_position(const std::deque<QueuedJob>::const_iterator& at) const {
  const std::string& lane = at->lane;
  return static_cast<std::size_t>(std::count_if(
             queued_.cbegin(), at, [&lane](const QueuedJob& job) { return job.lane == lane; })) +
         1;
}

std::optional<std::size_t> JobQueue::position(JobId id) const {
  std::lock_guard lock(mutex_);
  const auto found = find_queued(id);
  if (found == queued_.end()) return std::nullopt;
  return lane_position(found);
}

std::optional<JobProgress> JobQueue::progress(JobId id) const {
  std::lock_guard lock(mutex_);
  const Running* running = running_of(id);
  if (running == nullptr) return std::nullopt;
  return running->progress;
}

bool JobQueue::while_live(JobId id, const std::function<void(const JobProgress*)>& action) {
  std::lock_guard lock(mutex_);
  if (const Running* running = running_of(id)) {
    action(&running->progress);
    return true;
  }
  if (find_queued(id) == queued_.end()) return false;
  action(nullptr);
  return true;
}

QueueCancel JobQueue::cancel(JobId id, const std::string& cancelled_by,
                             const std::function<void()>& record_cancelled) {
  std::lock_guard lock(mutex_);
  if (Running* running = running_of(id)) {
    if (running->cancel_requested) return QueueCancel::already_stopping;
    running->cancel_requested = true;
    running->cancelled_by = cancelled_by;
    running->taken.stop.request_stop();
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
  for (const std::unique_ptr<Running>& running : running_) {
    const QueuedJob& job = running->taken.job;
    status.running_jobs.push_back(RunningJobStatus{
        job.id, job.spec.name, std::string(to_string(job.spec.method)),
        std::string(measurer_kind(job.spec.measurer)), running->taken.started_at, running->progress,
        running->cancel_requested, job.lane, job_testbed(job.spec)});
  }
  if (!status.running_jobs.empty()) status.running = status.running_jobs.front();
  for (const QueuedJob& job : queued_) {
    status.queued.push_back(job.id);
    status.queued_by_lane[job.lane].push_back(job.id);
    ++status.queued_by_method[std::string(to_string(job.spec.method))];
  }
  return status;
}

std::string JobQueue::status_line_locked() const {
  std::string line;
  for (const std::unique_ptr<Running>& running : running_) {
    const QueuedJob& job = running->taken.job;
    line += (line.empty() ? "job " : ", job ") + std::to_string(job.id) + " running (" +
            std::string(to_string(job.spec.method)) + ", " +
            std::string(measurer_kind(job.spec.measurer)) +
            (running_.size() > 1 ? ", " + job.lane : std::string()) + ")";
    if (running->progress.trial_count > 0) {
      line += ": trial " + std::to_string(running->progress.trial_count);
    }
  }
  return (line.empty() ? "idle" : line) + "; " + std::to_string(queued_.size()) + " queued";
}

std::string JobQueue::status_line() const {
  std::lock_guard lock(mutex_);
  return status_line_locked();
}

void JobQueue::report_status() const {
  if (status_) status_(status_line());
}

std::deque<QueuedJob>::iterator JobQueue::next_runnable() {
  return std::find_if(queued_.begin(), queued_.end(), [this](const QueuedJob& job) {
    return std::none_of(running_.begin(), running_.end(),
                        [&job](const std::unique_ptr<Running>& running) {
                          return running->taken.job.lane == job.lane;
                        });
  });
}

std::optional<TakenJob> JobQueue::take_next(std::stop_token shutdown) {
  std::unique_lock lock(mutex_);
  wakeup_.wait(lock, shutdown, [this] { return next_runnable() != queued_.end(); });
  if (shutdown.stop_requested()) return std::nullopt;
  const auto next = next_runnable();
  auto running = std::make_unique<Running>();
  running->taken.job = std::move(*next);
  queued_.erase(next);
  running->taken.started_at = std::chrono::system_clock::now();
  TakenJob taken = running->taken;
  running_.push_back(std::move(running));
  return taken;
}

void JobQueue::set_progress(JobId id, const JobProgress& progress) {
  std::lock_guard lock(mutex_);
  if (Running* running = running_of(id)) running->progress = progress;
}

void JobQueue::set_progress(JobId id, const JobProgress& progress,
                            const std::function<void()>& announce) {
  std::lock_guard lock(mutex_);
  if (Running* running = running_of(id)) running->progress = progress;
  announce();
}

void JobQueue::fail_running(JobId id, const std::string& reason, bool overrides_completion) {
  std::lock_guard lock(mutex_);
  Running* running = running_of(id);
  if (running == nullptr) return;
  if (running->failure.empty()) {
    running->failure = reason;
    running->failure_overrides_completion = overrides_completion;
  }
  running->taken.stop.request_stop();
}

std::stop_token JobQueue::running_stop_token(JobId id) const {
  std::lock_guard lock(mutex_);
  const Running* running = running_of(id);
  return running != nullptr ? running->taken.stop.get_token() : std::stop_token{};
}

RunFacts JobQueue::running_facts(JobId id) const {
  std::lock_guard lock(mutex_);
  RunFacts facts;
  facts.shutting_down = closed_;
  if (const Running* running = running_of(id)) {
    facts.cancelled = running->cancel_requested;
    facts.cancelled_by = running->cancelled_by;
    facts.failure = running->failure;
    facts.failure_overrides_completion = running->failure_overrides_completion;
  }
  return facts;
}

void JobQueue::finish_running(JobId id) {
  {
    std::lock_guard lock(mutex_);
    std::erase_if(running_, [id](const std::unique_ptr<Running>& running) {
      return running->taken.job.id == id;
    });
  }
  // Its lane is free: a job queued behind it may start.
  wakeup_.notify_all();
}

}  // namespace trexsearch::service
