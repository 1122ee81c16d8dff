#include <doctest/doctest.h>

#include <sqlite3.h>

#include "daemon/codec/strict_json.hpp"
#include "daemon/measurers/latency_trial_measurer.hpp"
#include "daemon/measurers/real_time_measurer.hpp"
#include "daemon/measurers/virtual_time_measurer.hpp"
#include "daemon/model/job_clock.hpp"
#include "daemon/runners/resuming_measurer.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "daemon/store/store.hpp"
#include "measure/errors.hpp"
#include "tests/daemon/support/latency_sut.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using servicetest::LatencySut;
using servicetest::TempDir;

measure::RecordedTrial recorded(double load, double duration, std::int64_t offered) {
  measure::RecordedTrial trial;
  trial.intended_load_pps = load;
  trial.intended_duration = measure::Seconds{duration};
  trial.outcome.offered_count = offered;
  return trial;
}

}  // namespace

TEST_CASE("every-trial latency maps measure to measure_latency and refuses loads below L") {
  LatencySut sut;
  LatencyTrialMeasurer measurer(sut, "latency.every_trial");
  CHECK(measurer.has_latency_streams());
  const measure::TrialOutcome outcome = measurer.measure(measure::Seconds{1.0}, 50000.0, {});
  CHECK(outcome.latency.size() == 2);
  CHECK(sut.latency_calls == 1);
  CHECK(sut.measure_calls == 0);
  CHECK(measurer.latency_rate_pps() == 9000.0);
  try {
    (void)measurer.measure(measure::Seconds{1.0}, 8000.0, {});
    FAIL("measured below the latency streams' rate");
  } catch (const measure::MeasurementError& error) {
    const std::string text = error.what();
    CHECK(text.find("8000 pps is below the latency streams' rate 9000 pps") != std::string::npos);
    CHECK(text.find("latency.every_trial") != std::string::npos);
    CHECK(text.find("min_load") != std::string::npos);
  }
  CHECK(sut.latency_calls == 1);

  // Before any trial told L, the measurer's own refusal gets the same context.
  LatencySut fresh;
  LatencyTrialMeasurer first(fresh, "latency.every_trial");
  CHECK_THROWS_WITH_AS(first.measure(measure::Seconds{1.0}, 100.0, {}),
                       doctest::Contains("min_load"), measure::MeasurementError);
}

TEST_CASE("the time decorators forward latency trials and pace them like others") {
  LatencySut sut;
  measure::ManualClock clock;
  VirtualTimeMeasurer virtual_time(sut, clock);
  CHECK(virtual_time.has_latency_streams());
  CHECK(virtual_time.measure_latency(measure::Seconds{2.5}, 20000.0, {}).latency.size() == 2);
  CHECK(clock.now() == measure::Seconds{2.5});
  RealTimeMeasurer real_time(sut);
  CHECK(real_time.has_latency_streams());
  std::stop_source stop;
  stop.request_stop();
  // Stopped before it starts waiting: the trial ends at once, cancelled.
  CHECK_THROWS_AS(real_time.measure_latency(measure::Seconds{60.0}, 20000.0, stop.get_token()),
                  measure::MeasurementCancelled);
  CHECK(sut.latency_calls == 2);
}

TEST_CASE("resuming replays stored latency trials from their own list, then measures live") {
  LatencySut live;
  measure::ManualClock base;
  ShiftedClock clock(base);
  measure::RecordedTrial latency_trial = recorded(9000.0, 5.0, 0);
  latency_trial.outcome.latency = live.measure_latency(measure::Seconds{5.0}, 9000.0, {}).latency;
  live.latency_calls = 0;
  ResumingMeasurer measurer({recorded(1e6, 1.0, 1000000)}, live, clock, {latency_trial});
  CHECK(measurer.has_latency_streams());
  CHECK(measurer.stored_latency() == 1);
  CHECK(measurer.measure(measure::Seconds{1.0}, 1e6, {}).offered_count == 1000000);
  const measure::TrialOutcome replayed =
      measurer.measure_latency(measure::Seconds{5.0}, 9000.0, {});
  CHECK(measurer.last_was_replayed());
  CHECK(replayed.latency.size() == 2);
  CHECK(clock.now() == measure::Seconds{6.0});
  CHECK(live.latency_calls == 0);
  (void)measurer.measure_latency(measure::Seconds{5.0}, 500000.0, {});
  CHECK_FALSE(measurer.last_was_replayed());
  CHECK(live.latency_calls == 1);
  CHECK(measurer.replayed_latency() == 1);
  // A latency request that differs from the stored one stops the resume.
  ResumingMeasurer changed({}, live, clock, {latency_trial});
  CHECK_THROWS_AS(changed.measure_latency(measure::Seconds{5.0}, 9001.0, {}),
                  measure::MeasurementError);
}

namespace {

StoredTrial latency_stored(std::size_t number) {
  LatencySut sut;
  StoredTrial stored;
  stored.number = number;
  stored.phase = mlr::TrialPhase::latency;
  stored.trial.intended_load_pps = 90000.0;
  stored.trial.intended_duration = measure::Seconds{5.0};
  stored.trial.outcome = sut.measure_latency(measure::Seconds{5.0}, 90000.0, {});
  stored.recorded_at = from_unix_seconds(1700000001.5);
  return stored;
}

JobSpec sim_spec() {
  return decode_job_spec(codec::parse_strict_json(
      R"({"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp"}})", "test"));
}

}  // namespace

TEST_CASE("the store keeps a latency trial's phase and every latency field, histograms included") {
  TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  const JobId id = store.add_job(NewJob{sim_spec(), {}, "tester", "test", "{}"});
  const StoredTrial written = latency_stored(3);
  store.add_trial(id, written);
  const auto trials = store.trials(id);
  REQUIRE(trials.size() == 1);
  CHECK(trials[0].phase == mlr::TrialPhase::latency);
  const auto& read = trials[0].trial.outcome.latency;
  REQUIRE(read.size() == 2);
  const auto& want = written.trial.outcome.latency[1];
  CHECK(read[1].name == want.name);
  CHECK(read[1].pg_id == want.pg_id);
  CHECK(read[1].rate_pps == want.rate_pps);
  CHECK(read[1].sent == want.sent);
  CHECK(read[1].summary.mean_us == doctest::Approx(want.summary.mean_us));
  CHECK(read[1].summary.p999_us == want.summary.p999_us);
  CHECK(read[1].summary.jitter_us == want.summary.jitter_us);
  CHECK(read[1].hdrh == want.hdrh);
  CHECK(read[1].buckets == want.buckets);
}

TEST_CASE("a version-3 store (before latency) is upgraded in place, trials kept") {
  TempDir dir;
  const auto file = dir.path() / "jobs.sqlite";
  JobId id = 0;
  {
    Store store(file);
    id = store.add_job(NewJob{sim_spec(), {}, "tester", "test", "{}"});
    StoredTrial plain = latency_stored(1);
    plain.phase = mlr::TrialPhase::main;
    plain.trial.outcome.latency.clear();
    store.add_trial(id, plain);
  }
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db,
                       "ALTER TABLE trials DROP COLUMN latency; ALTER TABLE jobs DROP COLUMN "
                       "testbed; ALTER TABLE jobs DROP COLUMN load_unit; PRAGMA user_version=3;",
                       nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  Store store(file);
  REQUIRE(store.trials(id).size() == 1);
  CHECK(store.trials(id)[0].trial.outcome.latency.empty());
  store.add_trial(id, latency_stored(2));
  REQUIRE(store.trials(id).size() == 2);
  CHECK(store.trials(id)[1].trial.outcome.latency.size() == 2);
  // A newer daemon's file is refused by name, not misread.
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, "PRAGMA user_version=99;", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  CHECK_THROWS_WITH(Store{file}, doctest::Contains("schema version 99 is newer"));
}

}  // namespace trexsearch::service
