#include "daemon/jobs/job_watchers.hpp"

#include <algorithm>
#include <utility>

namespace trexsearch::service {

JobWatchers::JobWatchers(JobQueue& queue, FindJob find_job)
    : queue_(queue), find_job_(std::move(find_job)) {}

WatchStart JobWatchers::watch(JobId id, std::shared_ptr<JobWatcher> watcher) {
  WatchStart start;
  const JobWatcher* registered = watcher.get();
  // Registered under the queue's lock: the job cannot end between the check and
  // the registration, and its `ended` event comes only after it left the queue.
  const bool live = queue_.while_live(id, [&](const JobProgress* progress) {
    {
      std::lock_guard lock(mutex_);
      watchers_[id].push_back(std::move(watcher));
    }
    if (progress != nullptr) start.progress = *progress;
  });
  try {
    start.record = find_job_(id);
  } catch (...) {
    if (live) unwatch(id, registered);
    throw;
  }
  start.ended = !live;
  return start;
}

void JobWatchers::unwatch(JobId id, const JobWatcher* watcher) {
  std::lock_guard lock(mutex_);
  const auto found = watchers_.find(id);
  if (found == watchers_.end()) return;
  auto& list = found->second;
  list.erase(std::remove_if(list.begin(), list.end(),
                            [watcher](const auto& entry) { return entry.get() == watcher; }),
             list.end());
  if (list.empty()) watchers_.erase(found);
}

void JobWatchers::publish(const JobEvent& event) {
  std::vector<std::shared_ptr<JobWatcher>> watchers;
  {
    std::lock_guard lock(mutex_);
    const auto found = watchers_.find(event.job);
    if (found == watchers_.end()) return;
    watchers = found->second;
    if (event.kind == JobEvent::Kind::ended) watchers_.erase(found);
  }
  for (const auto& watcher : watchers) watcher->on_event(event);
}

std::vector<std::shared_ptr<JobWatcher>> JobWatchers::take(JobId id) {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<JobWatcher>> taken;
  const auto found = watchers_.find(id);
  if (found != watchers_.end()) {
    taken = std::move(found->second);
    watchers_.erase(found);
  }
  return taken;
}

}  // namespace trexsearch::service
