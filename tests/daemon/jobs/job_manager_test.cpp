#include "daemon/jobs/job_manager.hpp"

#include <doctest/doctest.h>

#include <condition_variable>
#include <mutex>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/runners/mlr_job_runner.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "tests/daemon/support/job_manager_fixture.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using jobtest::Fixture;
using jobtest::RecordingWatcher;

JobSpec spec_from(std::string_view text) {
  return decode_job_spec(codec::parse_strict_json(text, "test"));
}

const char* const kVirtualSpec = R"({"spec": {"goals": [{"name": "NDR"},
    {"name": "PDR", "loss_ratio": 0.005}], "min_load": 10000, "max_load": 2e6},
    "measurer": {"kind": "sim", "model": "sharp", "options": {"capacity_pps": 1e6}}})";
const char* const kRealTimeSpec = R"({"spec": {"goals": [{}], "warmup_duration": 0},
    "measurer": {"kind": "sim", "model": "sharp", "time": "real"}})";

}  // namespace

TEST_CASE("a submitted job runs; its watcher sees it start, every trial, and end") {
  Fixture fixture;
  auto jobs = fixture.manager(jobtest::with_max_queued(100));
  // Watch before the runner starts, so that every event is seen.
  const SubmitReceipt receipt = jobs->submit(spec_from(kVirtualSpec), "tester");
  CHECK(receipt.queue_position == 1);
  auto watcher = std::make_shared<RecordingWatcher>();
  const WatchStart start = jobs->watch(receipt.id, watcher);
  REQUIRE_FALSE(start.ended);
  CHECK(start.record.state == JobState::queued);
  jobs->start();
  REQUIRE(watcher->wait_for(JobEvent::Kind::ended));
  const JobDetails details = jobs->details(receipt.id, true);
  INFO(fixture.logged());
  CHECK(details.record.state == JobState::finished);
  CHECK(details.record.submitted_by == "tester");
  REQUIRE(details.trials.size() > 5);
  const auto events = watcher->events();
  CHECK(events.front().kind == JobEvent::Kind::started);
  // One trial event per stored trial, in order, each sent after the trial was stored.
  std::size_t trials = 0;
  for (const auto& event : events) {
    if (event.kind != JobEvent::Kind::trial) continue;
    REQUIRE(event.progress.has_value());
    CHECK(event.progress->trial_count == ++trials);
    CHECK(event.progress->last_trial->load_pps ==
          details.trials[trials - 1].trial.intended_load_pps);
    CHECK(event.progress->goals.size() == 2);
  }
  CHECK(trials == details.trials.size());
  CHECK(events.back().kind == JobEvent::Kind::ended);
  CHECK(events.back().state == JobState::finished);
  CHECK_NOTHROW(jobs->result_json(receipt.id));
  CHECK(fixture.logged().find("job.finished job=1") != std::string::npos);
}

TEST_CASE(
    "a job found running in the store is resumed from its trials and ends as if never "
    "interrupted") {
  Fixture fixture;
  std::vector<StoredTrial> complete;
  std::string complete_result;
  {
    auto jobs = fixture.manager(jobtest::with_max_queued(100));
    jobs->start();
    const JobId id = jobs->submit(spec_from(kVirtualSpec), "tester").id;
    auto watcher = std::make_shared<RecordingWatcher>();
    if (!jobs->watch(id, watcher).ended) REQUIRE(watcher->wait_for(JobEvent::Kind::ended));
    complete = jobs->details(id, true).trials;
    complete_result = jobs->result_json(id);
  }
  REQUIRE(complete.size() > 6);
  constexpr std::size_t kDone = 6;
  {
    // What a SIGKILL after trial 6 leaves: a running job with six trials.
    Store store(fixture.dir.path() / "jobs.sqlite");
    const JobId id = store.add_job(NewJob{spec_from(kVirtualSpec), {}, "tester", "test", "{}"});
    CHECK(id == 2);
    store.mark_running(id, std::chrono::system_clock::now());
    for (std::size_t i = 0; i < kDone; ++i) store.add_trial(id, complete[i]);
  }
  auto jobs = fixture.manager(jobtest::with_max_queued(100));
  auto watcher = std::make_shared<RecordingWatcher>();
  jobs->start();
  if (!jobs->watch(2, watcher).ended) REQUIRE(watcher->wait_for(JobEvent::Kind::ended));
  const JobDetails resumed = jobs->details(2, true);
  CHECK(resumed.record.state == JobState::finished);
  CHECK(resumed.record.run_count == 2);
  REQUIRE(resumed.trials.size() == complete.size());
  for (std::size_t i = 0; i < complete.size(); ++i) {
    CHECK(resumed.trials[i].number == i + 1);
    CHECK(resumed.trials[i].trial.intended_load_pps == complete[i].trial.intended_load_pps);
    CHECK(resumed.trials[i].trial.intended_duration == complete[i].trial.intended_duration);
    CHECK(resumed.trials[i].trial.outcome.loss_count == complete[i].trial.outcome.loss_count);
    // The search clock continued where it stopped (virtual time, replayed trials counted).
    CHECK(resumed.trials[i].started_at.count() == doctest::Approx(complete[i].started_at.count()));
  }
  const Json::Value before = codec::parse_strict_json(complete_result, "before");
  const Json::Value after = codec::parse_strict_json(jobs->result_json(2), "after");
  CHECK(before["goals"] == after["goals"]);
  const std::string log = fixture.logged();
  CHECK(log.find("job.recovered job=2 state=running stored_trials=6") != std::string::npos);
  CHECK(log.find("job.resumed job=2 replayed_trials=6") != std::string::npos);
}

TEST_CASE("shutdown interrupts the running job; queued jobs stay queued") {
  Fixture fixture;
  JobId running = 0;
  JobId queued = 0;
  {
    auto jobs = fixture.manager(jobtest::with_max_queued(100));
    running = jobs->submit(spec_from(kRealTimeSpec), "tester").id;
    auto watcher = std::make_shared<RecordingWatcher>();
    REQUIRE_FALSE(jobs->watch(running, watcher).ended);
    jobs->start();
    REQUIRE(watcher->wait_for(JobEvent::Kind::started));
    // Submitted before start(): queued once, not a second time from the store
    // (which ran a finished job again).
    CHECK(jobs->queue_status().queued.empty());
    queued = jobs->submit(spec_from(kVirtualSpec), "tester").id;
    CHECK(jobs->queue_status().queued == std::vector<JobId>{queued});
    jobs->shutdown();
    CHECK(watcher->events().back().state == JobState::interrupted);
    CHECK_THROWS_AS(jobs->submit(spec_from(kVirtualSpec), "tester"), RequestError);
  }
  Store store(fixture.dir.path() / "jobs.sqlite");
  CHECK(store.job(running)->state == JobState::interrupted);
  CHECK(store.job(queued)->state == JobState::queued);
  CHECK(fixture.logged().find("job.interrupted job=1") != std::string::npos);
}

TEST_CASE("the queue refuses jobs beyond its limit and measurers that are switched off") {
  Fixture fixture;
  auto jobs = fixture.manager(jobtest::with_max_queued(1));
  // Not started: nothing leaves the queue.
  jobs->submit(spec_from(kVirtualSpec), "tester");
  try {
    jobs->submit(spec_from(kVirtualSpec), "tester");
    FAIL("expected busy");
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::busy);
  }
  jobs->set_max_queued(5);
  try {
    jobs->submit(spec_from(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "exec",
        "command": "true"}})"),
                 "tester");
    FAIL("expected permission_denied");
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::permission_denied);
    CHECK(std::string(error.what()).find("allow-exec-measurer") != std::string::npos);
  }
  CHECK(jobs->queue_status().queued.size() == 1);
  CHECK(jobs->cancel(1, "tester") == CancelOutcome::cancelled);
  CHECK(jobs->queue_status().queued.empty());
  try {
    jobs->cancel(1, "tester");
    FAIL("expected conflict");
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::conflict);
  }
}

}  // namespace trexsearch::service
