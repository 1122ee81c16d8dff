// The job queue alone (issue #15 item 3): order, positions, the max-queued limit,
// cancel of a queued or running job, and what the runner takes from it. No store,
// no thread: the runner's side is called directly.
#include "daemon/jobs/job_queue.hpp"

#include <doctest/doctest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "daemon/model/service_errors.hpp"

namespace trexsearch::service {
namespace {

QueuedJob job(JobId id, SearchMethod method = SearchMethod::mlr) {
  QueuedJob queued;
  queued.id = id;
  queued.spec.method = method;
  queued.name = "job" + std::to_string(id);
  return queued;
}

std::vector<QueuedJob> jobs(std::initializer_list<JobId> ids) {
  std::vector<QueuedJob> list;
  for (const JobId id : ids) list.push_back(job(id));
  return list;
}

std::string busy_message(const JobQueue& queue, std::size_t count) {
  try {
    queue.admit(count);
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::busy);
    return error.what();
  }
  FAIL("expected busy");
  return "";
}

}  // namespace

TEST_CASE("queued jobs run in order; recovered ones first; positions count from the next") {
  JobQueue queue(10);
  CHECK(queue.push(jobs({3})) == 1);
  CHECK(queue.push(jobs({4, 5})) == 2);  // a suite: its first job's position
  queue.push_front(jobs({1, 2}));
  CHECK(queue.queue_status().queued == std::vector<JobId>{1, 2, 3, 4, 5});
  CHECK(queue.position(1) == 1);
  CHECK(queue.position(4) == 4);
  CHECK_FALSE(queue.position(9).has_value());
  CHECK(queue.place(5) == JobPlace::queued);

  std::vector<JobId> taken;
  for (int i = 0; i < 5; ++i) {
    const auto next = queue.take_next({});
    REQUIRE(next.has_value());
    taken.push_back(next->job.id);
    CHECK(queue.place(next->job.id) == JobPlace::running);
    CHECK_FALSE(queue.position(next->job.id).has_value());
    queue.finish_running(next->job.id);
    CHECK(queue.place(next->job.id) == JobPlace::none);
  }
  CHECK(taken == std::vector<JobId>{1, 2, 3, 4, 5});
}

TEST_CASE("status: the running job, the queued ones by method, the limit, and a status line") {
  std::vector<std::string> lines;
  JobQueue queue(7, [&lines](const std::string& line) { lines.push_back(line); });
  queue.report_status();
  queue.push({job(1), job(2, SearchMethod::plr), job(3)});
  REQUIRE(queue.take_next({}).has_value());
  JobProgress progress;
  progress.trial_count = 12;
  queue.set_progress(1, progress);
  queue.report_status();

  const QueueStatus status = queue.queue_status();
  REQUIRE(status.running.has_value());
  CHECK(status.running->id == 1);
  CHECK(status.running->method == "mlr");
  CHECK(status.running->measurer_kind == "sim");
  CHECK(status.running->progress.trial_count == 12);
  CHECK(status.queued == std::vector<JobId>{2, 3});
  CHECK(status.queued_by_method == std::map<std::string, std::size_t>{{"mlr", 1}, {"plr", 1}});
  CHECK(status.max_queued == 7);
  CHECK(queue.progress(1)->trial_count == 12);
  CHECK_FALSE(queue.progress(2).has_value());
  CHECK(lines ==
        std::vector<std::string>{"idle; 0 queued", "job 1 running (mlr, sim): trial 12; 2 queued"});
}

TEST_CASE("the queue refuses jobs beyond its limit, a suite counted whole, and all once closed") {
  JobQueue queue(2);
  CHECK_NOTHROW(queue.admit(2));
  queue.push(jobs({1}));
  CHECK_NOTHROW(queue.admit(1));
  CHECK(busy_message(queue, 2) ==
        "the queue is full (1 jobs queued, 2 more asked, max-queued-jobs 2); try again later");
  queue.push(jobs({2}));
  CHECK(busy_message(queue, 1) == "the queue is full (2 jobs, max-queued-jobs 2); try again later");
  queue.set_max_queued(3);
  CHECK_NOTHROW(queue.admit(1));
  // Running jobs do not count: only the waiting ones.
  REQUIRE(queue.take_next({}).has_value());
  CHECK_NOTHROW(queue.admit(2));
  queue.close();
  CHECK(busy_message(queue, 1) == "trex-searchd is shutting down");
  CHECK(queue.running_facts(1).shutting_down);
}

TEST_CASE("cancelling a queued job records it first, then removes it; a failed record keeps it") {
  JobQueue queue(10);
  queue.push(jobs({1, 2, 3}));
  int records = 0;
  CHECK_THROWS_AS(queue.cancel(2, "uid 1", [] { throw std::runtime_error("store is full"); }),
                  std::runtime_error);
  CHECK(queue.position(2) == 2);
  CHECK(queue.cancel(2, "uid 1", [&records] { ++records; }) == QueueCancel::removed);
  CHECK(records == 1);
  CHECK(queue.queue_status().queued == std::vector<JobId>{1, 3});
  CHECK(queue.position(3) == 2);
  CHECK(queue.cancel(2, "uid 1", [&records] { ++records; }) == QueueCancel::not_live);
  CHECK(queue.cancel(99, "uid 1", [&records] { ++records; }) == QueueCancel::not_live);
  CHECK(records == 1);
}

TEST_CASE("cancelling the running job stops it once and is remembered for its end") {
  JobQueue queue(10);
  queue.push(jobs({1}));
  const auto taken = queue.take_next({});
  REQUIRE(taken.has_value());
  CHECK_FALSE(taken->stop.stop_requested());
  CHECK_FALSE(queue.running_facts(1).cancelled);
  const auto never = [] { FAIL("a running job is not recorded as cancelled"); };
  CHECK(queue.cancel(1, "uid 1", never) == QueueCancel::stop_requested);
  CHECK(taken->stop.stop_requested());
  CHECK(queue.running_stop_token(1).stop_requested());
  CHECK(queue.cancel(1, "uid 2", never) == QueueCancel::already_stopping);
  const RunFacts facts = queue.running_facts(1);
  CHECK(facts.cancelled);
  CHECK(facts.cancelled_by == "uid 1");
  CHECK(queue.queue_status().running->cancel_requested);
}

TEST_CASE("a failure stops the running job; the first reason stands") {
  JobQueue queue(10);
  queue.fail_running(1, "nothing runs", true);  // idle: ignored
  CHECK_FALSE(queue.running_stop_token(1).stop_possible());
  queue.push(jobs({1}));
  const auto taken = queue.take_next({});
  REQUIRE(taken.has_value());
  queue.fail_running(1, "cannot store trial 3", true);
  queue.fail_running(1, "max-trials-per-job", false);
  CHECK(taken->stop.stop_requested());
  const RunFacts facts = queue.running_facts(1);
  CHECK(facts.failure == "cannot store trial 3");
  CHECK(facts.failure_overrides_completion);
  CHECK_FALSE(facts.cancelled);
  CHECK_FALSE(facts.shutting_down);
}

TEST_CASE("the runner's wait ends at shutdown, with jobs left queued") {
  JobQueue queue(10);
  std::stop_source shutdown;
  shutdown.request_stop();
  CHECK_FALSE(queue.take_next(shutdown.get_token()).has_value());
  queue.push(jobs({1}));
  CHECK_FALSE(queue.take_next(shutdown.get_token()).has_value());
  CHECK(queue.queue_status().queued == std::vector<JobId>{1});
}

TEST_CASE("while_live runs under the lock only for a queued or running job") {
  JobQueue queue(10);
  queue.push(jobs({1, 2}));
  REQUIRE(queue.take_next({}).has_value());
  JobProgress progress;
  progress.trial_count = 4;
  queue.set_progress(1, progress);
  std::vector<std::string> seen;
  const auto note = [&seen](const JobProgress* running) {
    seen.push_back(running ? "running " + std::to_string(running->trial_count) : "queued");
  };
  CHECK(queue.while_live(1, note));
  CHECK(queue.while_live(2, note));
  CHECK_FALSE(queue.while_live(3, note));
  CHECK(seen == std::vector<std::string>{"running 4", "queued"});
}

TEST_CASE("lanes: one job at a time per lane, lanes side by side, positions per lane") {
  std::vector<std::string> lines;
  JobQueue queue(10, [&lines](const std::string& line) { lines.push_back(line); });
  const auto on = [](JobId id, const std::string& lane) {
    QueuedJob queued = job(id);
    queued.lane = lane;
    return queued;
  };
  CHECK(queue.push({on(1, "testbed a"), on(2, "testbed a")}) == 1);
  CHECK(queue.push({on(3, "testbed b")}) == 1);  // first in its own lane
  CHECK(queue.push({on(4, "testbed a")}) == 3);
  CHECK(queue.position(3) == 1);
  CHECK(queue.position(4) == 3);

  // Lane a's first job, then lane b's: job 2 waits behind job 1 in lane a.
  const auto first = queue.take_next({});
  const auto second = queue.take_next({});
  REQUIRE(first.has_value());
  REQUIRE(second.has_value());
  CHECK(first->job.id == 1);
  CHECK(second->job.id == 3);
  std::stop_source shutdown;
  shutdown.request_stop();
  CHECK_FALSE(queue.take_next(shutdown.get_token()).has_value());  // nothing runnable
  const QueueStatus status = queue.queue_status();
  REQUIRE(status.running_jobs.size() == 2);
  CHECK(status.running_jobs[1].lane == "testbed b");
  CHECK(status.running->id == 1);
  CHECK(status.queued == std::vector<JobId>{2, 4});
  queue.report_status();
  CHECK(lines.back() ==
        "job 1 running (mlr, sim, testbed a), job 3 running (mlr, sim, testbed b); 2 queued");

  // Each job's facts are its own.
  queue.fail_running(3, "cannot store trial 1", true);
  CHECK(queue.running_facts(3).failure == "cannot store trial 1");
  CHECK(queue.running_facts(1).failure.empty());
  CHECK_FALSE(first->stop.stop_requested());

  // Lane a frees: its next job runs, while lane b's still does.
  queue.finish_running(1);
  const auto third = queue.take_next({});
  REQUIRE(third.has_value());
  CHECK(third->job.id == 2);
  CHECK(queue.place(3) == JobPlace::running);
}

TEST_CASE("queued_job puts a job in its spec's lane") {
  JobSpec trex;
  TrexMeasurerSpec measurer;
  measurer.testbed = "lab-a";
  trex.measurer = measurer;
  CHECK(queued_job(1, trex).lane == "testbed lab-a");
  measurer.testbed.clear();
  measurer.endpoint = "tcp://h:4501";
  trex.measurer = measurer;
  CHECK(queued_job(2, trex).lane == "trex tcp://h:4501");
  CHECK(queued_job(3, JobSpec{}).lane == "no TRex");
}

}  // namespace trexsearch::service
