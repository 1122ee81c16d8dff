#include "daemon/store/store.hpp"
#include "trex_client/codec/astf/astf_profile_codec.hpp"

#include <doctest/doctest.h>

#include <sqlite3.h>

#include <cmath>

#include "daemon/codec/strict_json.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using servicetest::TempDir;

JobSpec sim_spec() {
  return decode_job_spec(codec::parse_strict_json(
      R"({"name": "s", "profile": "udp64", "spec": {"goals": [{}]},
          "measurer": {"kind": "sim", "model": "sharp"}})",
      "test"));
}

NewJob new_job() {
  return NewJob{sim_spec(), from_unix_seconds(1700000000.25), "uid 0 gid 0 pid 1", "0.1.0",
                R"({"cpus":""})"};
}

StoredTrial trial(std::size_t number, double load) {
  StoredTrial stored;
  stored.number = number;
  stored.phase = number == 1 ? mlr::TrialPhase::warmup : mlr::TrialPhase::main;
  stored.started_at = measure::Seconds{0.1 * static_cast<double>(number)};
  stored.trial.intended_load_pps = load;
  stored.trial.intended_duration = measure::Seconds{1.0 / 3.0};
  stored.trial.outcome.offered_count = 333333;
  stored.trial.outcome.loss_count = -2;
  if (number % 2 == 0) {
    stored.trial.outcome.intended_count = 333334;
    stored.trial.outcome.effective_duration = measure::Seconds{0.5000000001};
    stored.trial.outcome.notes = measure::parse_notes({"stretched", "quote \" and , comma"});
    // Per-direction counts, the counters and a tester limit (schema v3's detail).
    stored.trial.outcome.directions = {{"0->1", 166667, 166667, 166667},
                                       {"1->0", 166667, 166666, 166668}};
    stored.trial.outcome.counters = "flow_stats";
    stored.trial.outcome.tester_limited_pps = 1.0 / 3.0 * 1e6;
  }
  stored.loss_ratio = 3.0 / 333334.0;
  stored.recorded_at = from_unix_seconds(1700000001.5);
  return stored;
}

}  // namespace

TEST_CASE("a job record keeps its spec, submitter, versions and settings") {
  TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  const JobId id = store.add_job(new_job());
  CHECK(id == 1);
  const auto record = store.job(id);
  REQUIRE(record.has_value());
  CHECK(record->state == JobState::queued);
  CHECK(record->name == "s");
  CHECK(record->method == "mlr");
  CHECK(record->measurer_kind == "sim");
  CHECK(record->profile == "udp64");
  CHECK(record->submitted_by == "uid 0 gid 0 pid 1");
  CHECK(record->daemon_version == "0.1.0");
  CHECK(record->config_json == R"({"cpus":""})");
  CHECK(to_unix_seconds(record->created_at) == doctest::Approx(1700000000.25));
  CHECK_FALSE(record->started_at.has_value());
  CHECK(record->run_count == 0);
  // The stored spec decodes back to the same canonical spec.
  CHECK(encode_job_spec(decode_job_spec(codec::parse_strict_json(record->spec_json, "spec"))) ==
        encode_job_spec(sim_spec()));
  CHECK_FALSE(store.job(99).has_value());
}

TEST_CASE("trials are stored exactly, with every outcome field, and never twice") {
  TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  const JobId id = store.add_job(new_job());
  const double awkward_load = 1.0 / 7.0 * 1e7;
  store.add_trial(id, trial(1, 1e6));
  store.add_trial(id, trial(2, awkward_load));
  CHECK_THROWS_AS(store.add_trial(id, trial(2, awkward_load)), SqliteError);
  const auto trials = store.trials(id);
  REQUIRE(trials.size() == 2);
  CHECK(trials[0].phase == mlr::TrialPhase::warmup);
  CHECK_FALSE(trials[0].trial.outcome.intended_count.has_value());
  CHECK_FALSE(trials[0].trial.outcome.effective_duration.has_value());
  const StoredTrial& second = trials[1];
  // Bit-exact doubles: a resumed search compares requests with ==.
  CHECK(second.trial.intended_load_pps == awkward_load);
  CHECK(second.trial.intended_duration == measure::Seconds{1.0 / 3.0});
  CHECK(second.trial.outcome.offered_count == 333333);
  CHECK(second.trial.outcome.loss_count == -2);
  CHECK(second.trial.outcome.intended_count == 333334);
  CHECK(second.trial.outcome.effective_duration == measure::Seconds{0.5000000001});
  CHECK(measure::note_texts(second.trial.outcome.notes) ==
        std::vector<std::string>{"stretched", "quote \" and , comma"});
  CHECK(second.loss_ratio == 3.0 / 333334.0);
  REQUIRE(second.trial.outcome.directions.size() == 2);
  CHECK(second.trial.outcome.directions[1].name == "1->0");
  CHECK(second.trial.outcome.directions[1].offered == 166666);
  CHECK(second.trial.outcome.directions[1].received == 166668);
  CHECK(second.trial.outcome.counters == "flow_stats");
  CHECK(second.trial.outcome.tester_limited_pps == 1.0 / 3.0 * 1e6);
  CHECK(trials[0].trial.outcome.directions.empty());
  CHECK_FALSE(trials[0].trial.outcome.tester_limited_pps);
  CHECK(store.trial_count(id) == 2);
  CHECK(store.job(id)->trial_count == 2);
}

TEST_CASE("job states move through running to a final state with the result in one go") {
  TempDir dir;
  const auto file = dir.path() / "jobs.sqlite";
  JobId first = 0;
  JobId second = 0;
  JobId third = 0;
  {
    Store store(file);
    first = store.add_job(new_job());
    second = store.add_job(new_job());
    third = store.add_job(new_job());
    store.mark_running(first, from_unix_seconds(1700000100.0));
    store.set_state(first, JobState::interrupted, "stopped");
    store.mark_running(first, from_unix_seconds(1700000200.0));
    mlr::SearchResult result;
    result.stop_reason = mlr::StopReason::completed;
    store.finish(second, JobState::finished, "", from_unix_seconds(1700000300.0), &result);
    CHECK_THROWS_AS(store.set_state(77, JobState::queued, ""), SqliteError);
  }
  // Everything is on disk: a new connection sees it.
  Store store(file);
  const auto running = store.job(first);
  CHECK(running->state == JobState::running);
  CHECK(running->run_count == 2);
  CHECK(to_unix_seconds(*running->started_at) == doctest::Approx(1700000100.0));
  const auto finished = store.job(second);
  CHECK(finished->state == JobState::finished);
  CHECK(finished->finished_at.has_value());
  const auto result = store.result_json(second);
  REQUIRE(result.has_value());
  CHECK(codec::parse_strict_json(*result, "result")["stop_reason"].asString() == "completed");
  CHECK_FALSE(store.result_json(first).has_value());

  const auto unfinished = store.unfinished_jobs();
  REQUIRE(unfinished.size() == 2);
  CHECK(unfinished[0].id == first);
  CHECK(unfinished[1].id == third);
  const auto newest = store.jobs(std::nullopt, 2);
  REQUIRE(newest.size() == 2);
  CHECK(newest[0].id == third);
  CHECK(store.jobs(JobState::finished, 10).size() == 1);
  CHECK(store.jobs(std::nullopt, 10, std::string("lab-a")).empty());
}

TEST_CASE("a trex job's testbed is stored with it, and jobs are listed by testbed") {
  TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  NewJob on_a = new_job();
  TrexMeasurerSpec trex;
  trex.testbed = "lab-a";
  on_a.spec.measurer = trex;
  const JobId first = store.add_job(on_a);
  const JobId plain = store.add_job(new_job());
  CHECK(store.job(first)->testbed == "lab-a");
  CHECK_FALSE(store.job(plain)->testbed.has_value());
  const auto listed = store.jobs(std::nullopt, 10, std::string("lab-a"));
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].id == first);
  CHECK(store.jobs(std::nullopt, 10).size() == 2);
}

TEST_CASE("an ASTF job's load unit is stored with it; other jobs' loads are pps") {
  TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  NewJob astf = new_job();
  TrexMeasurerSpec trex;
  trex.astf.emplace();
  trex.astf->profile = trex::compile_astf_template(trex::AstfTemplate{});
  astf.spec.measurer = trex;
  const JobId stateful = store.add_job(astf);
  const JobId plain = store.add_job(new_job());
  CHECK(store.job(stateful)->load_unit == "cps");
  CHECK(store.job(plain)->load_unit == "pps");
}

}  // namespace trexsearch::service

namespace trexsearch::service {

TEST_CASE("a version-2 store (before per-direction detail) is upgraded in place, trials kept") {
  TempDir dir;
  const auto file = dir.path() / "jobs.sqlite";
  JobId id = 0;
  {
    Store store(file);
    id = store.add_job(new_job());
    store.add_trial(id, trial(1, 1e6));
  }
  {
    // Turn it back into what the previous release wrote.
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(
              db,
              "ALTER TABLE trials DROP COLUMN latency; ALTER TABLE trials DROP COLUMN detail; "
              "ALTER TABLE jobs DROP COLUMN testbed; ALTER TABLE jobs DROP COLUMN load_unit; "
              "PRAGMA user_version=2;",
              nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  Store store(file);
  REQUIRE(store.trials(id).size() == 1);
  CHECK(store.trials(id)[0].trial.outcome.directions.empty());
  store.add_trial(id, trial(2, 2e6));
  REQUIRE(store.trials(id).size() == 2);
  CHECK(store.trials(id)[1].trial.outcome.directions.size() == 2);
}

}  // namespace trexsearch::service

namespace trexsearch::service {

TEST_CASE("a store file deleted or replaced under the daemon is noticed") {
  TempDir dir;
  const auto file = dir.path() / "jobs.sqlite";
  Store store(file);
  CHECK(store.file_problem().empty());
  std::filesystem::rename(file, dir.path() / "moved.sqlite");
  CHECK(store.file_problem().find("was deleted") != std::string::npos);
  { Store other(file); }  // someone creates a new, different file at the path
  CHECK(store.file_problem().find("was replaced by another file") != std::string::npos);
}

TEST_CASE("a damaged store fails quick_check with the file and what to do") {
  TempDir dir;
  const auto file = dir.path() / "jobs.sqlite";
  {
    Store store(file);
    const JobId id = store.add_job(new_job());
    for (std::size_t n = 1; n <= 200; ++n)
      store.add_trial(id, trial(n, 1e6 + static_cast<double>(n)));
    store.check_integrity();  // healthy
  }
  {
    // Checkpointed into the main file on close; scribble over a page in the middle.
    std::FILE* raw = std::fopen(file.c_str(), "r+b");
    REQUIRE(raw != nullptr);
    // Page 3 onwards: b-tree page headers and cell pointers become nonsense.
    REQUIRE(std::fseek(raw, 4096 * 2, SEEK_SET) == 0);
    const std::string junk(4096 * 3, '\x5a');
    REQUIRE(std::fwrite(junk.data(), 1, junk.size(), raw) == junk.size());
    std::fclose(raw);
  }
  Store store(file);
  CHECK_THROWS_WITH_AS(store.check_integrity(), doctest::Contains("fails SQLite's quick_check"),
                       SqliteError);
}

}  // namespace trexsearch::service

namespace trexsearch::service {

TEST_CASE(
    "the replication watermark: work until every row is marked sent, reset for a new target") {
  TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  const JobId first = store.add_job(new_job());
  const JobId second = store.add_job(new_job());
  for (std::size_t n = 1; n <= 3; ++n)
    store.add_trial(first, trial(n, 1e5 * static_cast<double>(n)));
  CHECK(store.set_replication_target("host=a"));
  CHECK_FALSE(store.set_replication_target("host=a"));

  std::vector<ReplicationWork> work = store.replication_work(1, 10);
  REQUIRE(work.size() == 2);
  CHECK(work[0].job == first);
  CHECK(work[0].last_trial == 3);
  CHECK_FALSE(work[0].sent);
  CHECK(work[0].rows_behind() == 4);  // three trials and the job's row
  CHECK(work[1].rows_behind() == 1);
  // Trials in batches, from a number on.
  CHECK(store.trials(first, 1, 1).size() == 1);
  CHECK(store.trials(first, 1, 1)[0].number == 2);
  CHECK(store.trials(first, 3, 10).empty());

  store.mark_replicated(first, {"queued", 2, 0, false});
  work = store.replication_work(first, 10);
  CHECK(work[0].sent->trials_sent == 2);
  CHECK(work[0].rows_behind() == 1);
  // Complete jobs leave the work list; others stay, from the given id on.
  store.mark_replicated(first, {"queued", 3, 0, true});
  work = store.replication_work(1, 10);
  REQUIRE(work.size() == 1);
  CHECK(work[0].job == second);
  CHECK(store.replication_work(second + 1, 10).empty());
  // Another database gets everything again.
  CHECK(store.set_replication_target("host=b"));
  CHECK(store.replication_work(1, 10).size() == 2);
}

}  // namespace trexsearch::service
