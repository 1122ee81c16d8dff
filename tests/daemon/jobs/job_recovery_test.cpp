// What start does with the store's unfinished jobs (recover_jobs), on a real store
// in a temp dir without a runner thread.
#include "daemon/jobs/job_recovery.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "daemon/codec/strict_json.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

const char* const kSpec = R"({"spec": {"goals": [{}]},
    "measurer": {"kind": "sim", "model": "sharp", "options": {"capacity_pps": 1e6}}})";

/// A store with jobs 1 (queued), 2 (was running), 3 (queued) and 4 (finished).
struct Recovery {
  Recovery()
      : log([this](std::string_view line) {
          std::lock_guard lock(mutex);
          logged += line;
        }) {
    Store store(file);
    const JobSpec spec = decode_job_spec(codec::parse_strict_json(kSpec, "test"));
    const auto now = std::chrono::system_clock::now();
    for (int i = 0; i < 4; ++i) store.add_job(NewJob{spec, now, "tester", "test", "{}"});
    store.mark_running(2, now);
    store.mark_running(4, now);
    store.finish(4, JobState::finished, "done", now, nullptr);
  }

  std::vector<JobId> recover(bool resume_interrupted, const std::set<JobId>& already_queued) {
    LockedStore store(file);
    StoreHealthMonitor health(file, 0, 0, store, log);
    std::vector<JobId> ids;
    for (const QueuedJob& job :
         recover_jobs(store, health, log, resume_interrupted, already_queued)) {
      ids.push_back(job.id);
    }
    return ids;
  }

  JobRecord job(JobId id) { return *Store(file).job(id); }

  servicetest::TempDir dir;
  std::filesystem::path file = dir.path() / "jobs.sqlite";
  std::mutex mutex;
  std::string logged;
  Logger log;
};

}  // namespace

TEST_CASE("recovery queues unfinished jobs in submission order; a running one is interrupted") {
  Recovery recovery;
  CHECK(recovery.recover(true, {3}) == std::vector<JobId>{1, 2});
  const JobRecord interrupted = recovery.job(2);
  CHECK(interrupted.state == JobState::interrupted);
  CHECK(interrupted.reason ==
        "trex-searchd stopped while the job ran; resuming from 0 stored trials");
  CHECK(recovery.job(1).state == JobState::queued);
  CHECK(recovery.job(3).state == JobState::queued);
  CHECK(recovery.logged.find("job.recovered job=2 state=running stored_trials=0") !=
        std::string::npos);
  CHECK(recovery.logged.find("job=1") == std::string::npos);
}

TEST_CASE("with resume-interrupted off, a job that was running fails with the reason") {
  Recovery recovery;
  CHECK(recovery.recover(false, {}) == std::vector<JobId>{1, 3});
  const JobRecord failed = recovery.job(2);
  CHECK(failed.state == JobState::failed);
  CHECK(failed.reason == "the daemon stopped while the job ran, and resume-interrupted is off");
  CHECK(recovery.logged.find("job.failed job=2") != std::string::npos);
}

}  // namespace trexsearch::service
