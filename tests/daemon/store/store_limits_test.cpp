// Resource limits of the job store (issue #7 item 4): a job's trial limit, and a
// store that cannot grow (max-store-mib here; a full disk fails the same way).
#include <doctest/doctest.h>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "tests/daemon/support/job_manager_fixture.hpp"
#include "tests/daemon/support/store_audit.hpp"

namespace trexsearch::service {
namespace {

// A long NDR/PDR search on a noisy SUT (dozens of trials, milliseconds).
const char* const kLongSpec = R"({"spec": {"goals": [
    {"name": "NDR", "relative_width": 0.0001},
    {"name": "PDR", "loss_ratio": 0.005, "relative_width": 0.0001}],
    "min_load": 10000, "max_load": 2e6},
    "measurer": {"kind": "sim", "model": "noisy", "options": {"capacity_pps": 1e6}}})";

JobSpec long_spec() { return decode_job_spec(codec::parse_strict_json(kLongSpec, "test")); }

JobManagerSettings limits(std::uint64_t max_trials, std::uint64_t max_store_bytes) {
  JobManagerSettings settings;
  settings.max_trials_per_job = max_trials;
  settings.max_store_bytes = max_store_bytes;
  return settings;
}

// Submits, runs to the end, returns the end event.
JobEvent run(JobManager& jobs, JobId& id) {
  id = jobs.submit(long_spec(), "tester").id;
  auto watcher = std::make_shared<jobtest::RecordingWatcher>();
  const WatchStart start = jobs.watch(id, watcher);
  REQUIRE_FALSE(start.ended);
  REQUIRE(watcher->wait_for(JobEvent::Kind::ended));
  return watcher->events().back();
}

}  // namespace

TEST_CASE("a job that reaches max-trials-per-job fails with the reason and keeps its trials") {
  jobtest::Fixture fixture;
  auto jobs = fixture.manager(limits(5, 0));
  jobs->start();
  JobId id = 0;
  const JobEvent ended = run(*jobs, id);
  CHECK(ended.state == JobState::failed);
  CHECK(ended.reason.find("max-trials-per-job = 5") != std::string::npos);
  const JobDetails details = jobs->details(id, true);
  CHECK(details.record.state == JobState::failed);
  CHECK(details.record.reason == ended.reason);
  CHECK(details.trials.size() == 5);
}

TEST_CASE("a store that cannot grow fails the running job cleanly and refuses submissions") {
  jobtest::Fixture fixture;
  {
    // Create the store, then cap it at its current size (1 byte rounds up to it):
    // like a disk that just filled up.
    auto jobs = fixture.manager(limits(100000, 0));
  }
  auto jobs = fixture.manager(limits(100000, 1));
  jobs->start();
  JobId id = 0;
  const JobEvent ended = run(*jobs, id);
  INFO(ended.reason);
  CHECK(ended.state == JobState::failed);
  CHECK(ended.reason.find("cannot store trial ") == 0);
  CHECK(ended.reason.find("full") != std::string::npos);
  CHECK(ended.reason.find("max-store-mib") != std::string::npos);

  // Every trial stored before the store filled is there, numbered 1..N.
  const JobDetails details = jobs->details(id, true);
  REQUIRE_FALSE(details.trials.empty());
  for (std::size_t i = 0; i < details.trials.size(); ++i) {
    CHECK(details.trials[i].number == i + 1);
  }
  CHECK(ended.reason.find("trial " + std::to_string(details.trials.size() + 1) + ":") !=
        std::string::npos);
  // The end state made it to the store too (a small in-place update).
  CHECK(details.record.state == JobState::failed);

  const auto health = jobs->store_health();
  REQUIRE(health.has_value());
  CHECK_FALSE(health->writable);
  CHECK(health->last_error.find("full") != std::string::npos);
  CHECK(health->last_error_at.has_value());

  // New jobs are refused with the reason once not even a job record fits.
  std::string refusal;
  for (int i = 0; i < 50 && refusal.empty(); ++i) {
    try {
      (void)jobs->submit(long_spec(), "tester");
    } catch (const RequestError& error) {
      CHECK(error.code() == ResultCode::error);
      refusal = error.what();
    }
  }
  INFO(refusal);
  CHECK(refusal.find("cannot store the job: ") == 0);
  CHECK(refusal.find("max-store-mib") != std::string::npos);

  jobs.reset();
  const servicetest::StoreAudit audit =
      servicetest::audit_store((fixture.dir.path() / "jobs.sqlite").string());
  CHECK(audit.integrity == "ok");
  CHECK(audit.jobs_with_gaps == 0);
  CHECK(audit.duplicate_trials == 0);

  // With room again (the limit raised, space freed) the daemon carries on: the
  // failed job stays failed with its trials, new jobs run.
  auto roomy = fixture.manager(limits(100000, 0));
  roomy->start();
  CHECK(roomy->details(id, true).trials.size() == details.trials.size());
  JobId next = 0;
  CHECK(run(*roomy, next).state == JobState::finished);
  CHECK(roomy->store_health()->writable);
}

TEST_CASE(
    "delete removes an ended job with its trials; queued, running and missing ones are refused") {
  jobtest::Fixture fixture;
  auto jobs = fixture.manager(limits(100000, 0));
  // Not started: submitted jobs stay queued.
  const JobId queued = jobs->submit(long_spec(), "tester").id;
  try {
    (void)jobs->remove(queued, "tester");
    FAIL("a queued job was deleted");
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::conflict);
    CHECK(std::string(error.what()) == "job 1 is queued; cancel it first, then delete it");
  }
  CHECK(jobs->cancel(queued, "tester") == CancelOutcome::cancelled);
  CHECK(jobs->remove(queued, "tester") == 0);
  try {
    (void)jobs->remove(queued, "tester");
    FAIL("a job was deleted twice");
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::not_found);
  }

  jobs->start();
  JobId id = 0;
  CHECK(run(*jobs, id).state == JobState::finished);
  const std::size_t trials = jobs->details(id, true).trials.size();
  CHECK(jobs->remove(id, "tester") == trials);
  CHECK_THROWS_AS(jobs->details(id, false), RequestError);
  jobs.reset();
  const servicetest::StoreAudit audit =
      servicetest::audit_store((fixture.dir.path() / "jobs.sqlite").string());
  CHECK(audit.jobs == 0);
  CHECK(audit.trials == 0);
  CHECK(audit.integrity == "ok");
}

}  // namespace trexsearch::service
