// A job store that is busy, locked or briefly read-only costs a delay, never the
// job's stored trials: the resume waits it out and continues where it stopped.
#include "daemon/store/store_retry.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <chrono>
#include <thread>

#include "daemon/codec/strict_json.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "daemon/store/sqlite.hpp"
#include "daemon/store/store.hpp"
#include "tests/daemon/support/job_manager_fixture.hpp"

namespace trexsearch::service {
namespace {

const RetryBackoff kQuick{measure::Seconds{0.001}, measure::Seconds{0.004}};

// Polls `done` until it holds or the test deadline passes.
template <typename Predicate>
bool eventually(Predicate done) {
  const auto deadline = std::chrono::steady_clock::now() + servicetest::kDeadline;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

}  // namespace

TEST_CASE("transient store errors are retried with backoff; others propagate; stop ends it") {
  int calls = 0;
  int reported = 0;
  const bool done = retry_transient(
      [&] {
        if (++calls < 3) throw SqliteError(SQLITE_BUSY, "database is locked");
      },
      {}, [&](const std::exception&, int attempt, measure::Seconds) { reported = attempt; },
      kQuick);
  CHECK(done);
  CHECK(calls == 3);
  CHECK(reported == 2);
  CHECK(is_transient_store_error(SqliteError(SQLITE_IOERR | (3 << 8), "disk I/O error")));
  CHECK(is_transient_store_error(SqliteError(SQLITE_READONLY, "readonly")));
  CHECK_FALSE(is_transient_store_error(SqliteError(SQLITE_FULL, "full")));
  CHECK_FALSE(is_transient_store_error(std::runtime_error("other")));
  CHECK_THROWS_AS(
      retry_transient([] { throw SqliteError(SQLITE_FULL, "database or disk is full"); }, {},
                      [](const std::exception&, int, measure::Seconds) {}, kQuick),
      SqliteError);
  std::stop_source stop;
  const bool stopped =
      retry_transient([] { throw SqliteError(SQLITE_BUSY, "locked"); }, stop.get_token(),
                      [&](const std::exception&, int, measure::Seconds) { stop.request_stop(); },
                      RetryBackoff{measure::Seconds{3600.0}, measure::Seconds{3600.0}});
  CHECK_FALSE(stopped);  // and it did not wait the hour
}

TEST_CASE("a store locked by another process at resume delays the job; it resumes, not restarts") {
  jobtest::Fixture fixture;
  const JobSpec spec = decode_job_spec(codec::parse_strict_json(
      R"({"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp",
          "time": "real", "options": {"capacity_pps": 1e6}}})",
      "test"));
  JobManagerSettings settings;
  settings.store_busy_timeout = std::chrono::milliseconds(20);
  JobId id = 0;
  std::size_t stored_before = 0;
  {
    // A first daemon measures two trials and is stopped: the job is interrupted.
    auto jobs = fixture.manager(settings);
    id = jobs->submit(spec, "tester").id;
    auto watcher = std::make_shared<jobtest::RecordingWatcher>();
    REQUIRE_FALSE(jobs->watch(id, watcher).ended);
    jobs->start();
    REQUIRE(eventually([&] {
      std::size_t trials = 0;
      for (const JobEvent& event : watcher->events()) trials += event.kind == JobEvent::Kind::trial;
      return trials >= 2;
    }));
    jobs->shutdown();
  }
  {
    Store store(fixture.dir.path() / "jobs.sqlite");
    REQUIRE(store.job(id)->state == JobState::interrupted);
    stored_before = store.trial_count(id);
    REQUIRE(stored_before >= 2);
  }
  // Someone holds a write lock on the store (an sqlite3 shell in a transaction).
  sqlite3* other = nullptr;
  REQUIRE(sqlite3_open((fixture.dir.path() / "jobs.sqlite").c_str(), &other) == SQLITE_OK);
  REQUIRE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);

  auto jobs = fixture.manager(settings);
  jobs->start();
  REQUIRE(
      eventually([&] { return fixture.logged().find("store.retry job=1") != std::string::npos; }));
  // The job is the running one, waiting for the store.
  auto watcher = std::make_shared<jobtest::RecordingWatcher>();
  REQUIRE_FALSE(jobs->watch(id, watcher).ended);
  CHECK(watcher->events().empty());  // nothing measured while the store is locked
  REQUIRE(sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(other);

  // The job resumes from its stored trials: the next trial is the next number.
  REQUIRE(eventually([&] {
    for (const JobEvent& event : watcher->events()) {
      if (event.kind == JobEvent::Kind::trial) return true;
    }
    return false;
  }));
  jobs->shutdown();
  const std::string log = fixture.logged();
  CHECK(log.find("stored_trials=" + std::to_string(stored_before)) != std::string::npos);
  CHECK(log.find("UNIQUE") == std::string::npos);
  Store store(fixture.dir.path() / "jobs.sqlite");
  const auto trials = store.trials(id);
  REQUIRE(trials.size() > stored_before);
  for (std::size_t i = 0; i < trials.size(); ++i) CHECK(trials[i].number == i + 1);
}

}  // namespace trexsearch::service
