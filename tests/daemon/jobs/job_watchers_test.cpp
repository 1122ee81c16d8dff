// Job watchers alone (issue #15 item 3): registered only while the job is queued or
// running, every event delivered, the `ended` event the last one a watcher gets.
#include "daemon/jobs/job_watchers.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "daemon/model/service_errors.hpp"

namespace trexsearch::service {
namespace {

class Recorder final : public JobWatcher {
 public:
  void on_event(const JobEvent& event) override { kinds.push_back(event.kind); }
  std::vector<JobEvent::Kind> kinds;
};

/// Jobs 1..9 are stored; others are not.
JobRecord find_job(JobId id) {
  if (id < 1 || id > 9) throw RequestError(ResultCode::not_found, "no job " + std::to_string(id));
  JobRecord record;
  record.id = id;
  return record;
}

std::vector<QueuedJob> queued(std::initializer_list<JobId> ids) {
  std::vector<QueuedJob> jobs;
  for (const JobId id : ids) jobs.push_back(queued_job(id, JobSpec{}));
  return jobs;
}

JobEvent event(JobEvent::Kind kind, JobId id) {
  return JobEvent{kind, id, JobState::running, "", std::nullopt};
}

}  // namespace

TEST_CASE("a live job's watcher gets every event up to the end, then nothing") {
  JobQueue queue(10);
  queue.push(queued({1, 2}));
  JobWatchers watchers(queue, find_job);
  auto first = std::make_shared<Recorder>();
  const WatchStart start = watchers.watch(1, first);
  CHECK_FALSE(start.ended);
  CHECK(start.record.id == 1);
  CHECK_FALSE(start.progress.has_value());
  watchers.publish(event(JobEvent::Kind::started, 1));
  watchers.publish(event(JobEvent::Kind::trial, 1));
  watchers.publish(event(JobEvent::Kind::trial, 2));  // another job's
  watchers.publish(event(JobEvent::Kind::ended, 1));
  watchers.publish(event(JobEvent::Kind::trial, 1));
  CHECK(first->kinds == std::vector<JobEvent::Kind>{JobEvent::Kind::started, JobEvent::Kind::trial,
                                                    JobEvent::Kind::ended});
}

TEST_CASE("watching a job that is not live says it ended and registers nothing") {
  JobQueue queue(10);
  JobWatchers watchers(queue, find_job);
  auto watcher = std::make_shared<Recorder>();
  CHECK(watchers.watch(3, watcher).ended);
  watchers.publish(event(JobEvent::Kind::ended, 3));
  CHECK(watcher->kinds.empty());
  try {
    watchers.watch(42, watcher);
    FAIL("expected not_found");
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::not_found);
  }
}

TEST_CASE("watching the running job starts from its progress") {
  JobQueue queue(10);
  queue.push(queued({1}));
  REQUIRE(queue.take_next({}).has_value());
  JobProgress progress;
  progress.trial_count = 5;
  queue.set_progress(1, progress);
  JobWatchers watchers(queue, find_job);
  const WatchStart start = watchers.watch(1, std::make_shared<Recorder>());
  CHECK_FALSE(start.ended);
  REQUIRE(start.progress.has_value());
  CHECK(start.progress->trial_count == 5);
}

TEST_CASE("a live job missing from the store is not watched") {
  JobQueue queue(10);
  queue.push(queued({11}));
  JobWatchers watchers(queue, find_job);
  auto watcher = std::make_shared<Recorder>();
  CHECK_THROWS_AS(watchers.watch(11, watcher), RequestError);
  watchers.publish(event(JobEvent::Kind::trial, 11));
  CHECK(watcher->kinds.empty());
  CHECK(watchers.take(11).empty());
}

TEST_CASE("unwatch removes that watcher only; take hands over the rest") {
  JobQueue queue(10);
  queue.push(queued({1}));
  JobWatchers watchers(queue, find_job);
  auto gone = std::make_shared<Recorder>();
  auto stays = std::make_shared<Recorder>();
  watchers.watch(1, gone);
  watchers.watch(1, stays);
  watchers.unwatch(1, gone.get());
  watchers.unwatch(7, stays.get());  // unknown: ignored
  watchers.publish(event(JobEvent::Kind::trial, 1));
  CHECK(gone->kinds.empty());
  CHECK(stays->kinds.size() == 1);
  const auto taken = watchers.take(1);
  REQUIRE(taken.size() == 1);
  CHECK(taken.front().get() == stays.get());
  watchers.publish(event(JobEvent::Kind::trial, 1));
  CHECK(stays->kinds.size() == 1);
}

}  // namespace trexsearch::service
