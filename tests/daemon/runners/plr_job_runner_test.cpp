#include "daemon/runners/plr_job_runner.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stop_token>

#include "daemon/codec/strict_json.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "daemon/store/store.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using servicetest::TempDir;

// Deterministic mode (samples_per_trial) on compressed time: about a dozen trials.
const char* const kPlrJob = R"({"method": "plr", "spec": {"target_loss_ratio": 1e-7,
    "min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
    "trial_duration_increment": 1, "time_budget": 60, "samples_per_trial": 2000,
    "samples_per_chunk": 1000, "seed": 7},
    "measurer": {"kind": "sim", "model": "sharp", "options": {"capacity_pps": 1e6}}})";

/// Stores every trial as the job manager does; requests a stop after `stop_after`.
class StoringObserver final : public RunObserver {
 public:
  StoringObserver(Store& store, JobId job, std::size_t stop_after = 0)
      : store_(store), job_(job), stop_after_(stop_after) {}

  void trial_done(const StoredTrial& trial, const JobProgress& progress) override {
    store_.add_trial(job_, trial);
    estimates.push_back(progress.estimate);
    ++live;
    if (stop_after_ > 0 && live == stop_after_) stop.request_stop();
  }
  void replay_finished(std::size_t count, const JobProgress& progress) override {
    replayed = count;
    CHECK(progress.trial_count == count);
  }
  void debug(std::string_view text) override { debug_lines.emplace_back(text); }

  std::stop_source stop;
  std::size_t live = 0;
  std::size_t replayed = 0;
  std::vector<std::optional<plr::PlrEstimate>> estimates;
  std::vector<std::string> debug_lines;

 private:
  Store& store_;
  JobId job_;
  std::size_t stop_after_;
};

struct Fixture {
  Fixture() : store(dir.path() / "jobs.sqlite") {
    factories.add(std::make_unique<SimMeasurerFactory>());
    spec = decode_job_spec(codec::parse_strict_json(kPlrJob, "test"));
  }
  JobId add_job() { return store.add_job(NewJob{spec, {}, "tester", "test", "{}"}); }

  TempDir dir;
  Store store;
  MeasurerFactories factories;
  JobSpec spec;
};

/// A sharp SUT of 1 Mpps behind a tester that cannot send faster than 1.2 Mpps:
/// trials above that are tester-limited, with one direction's counts.
class TesterCappedSut final : public measure::Measurer {
 public:
  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token) override {
    const double reached_pps = std::min(load_pps, kTesterPps);
    const auto frames = [&](double pps) {
      return static_cast<std::int64_t>(std::llround(pps * duration.count()));
    };
    measure::TrialOutcome outcome;
    const measure::DirectionCounts direction{"0->1", frames(load_pps), frames(reached_pps),
                                             frames(std::min(reached_pps, 1e6))};
    outcome.directions = {direction};
    outcome.offered_count = direction.offered;
    outcome.loss_count = direction.loss();
    outcome.intended_count = direction.intended;
    outcome.counters = "flow_stats";
    if (direction.unsent() > 0) {
      outcome.tester_limited_pps = reached_pps;
      outcome.notes.push_back(
          measure::TrialNote::parse("tester_limited: the tester reached 1200000 pps"));
    }
    return outcome;
  }

  static constexpr double kTesterPps = 1.2e6;
};

class TesterCappedFactory final : public MeasurerFactory {
 public:
  std::string_view kind() const override { return "sim"; }
  LiveMeasurer make(const MeasurerSpec&) const override {
    return LiveMeasurer{std::make_unique<TesterCappedSut>(), false, nullptr, std::nullopt};
  }
};

}  // namespace

TEST_CASE("a PLR job stores tester-limited trials as such, with their per-direction counts") {
  Fixture fixture;
  MeasurerFactories factories;
  factories.add(std::make_unique<TesterCappedFactory>());
  const JobId job = fixture.add_job();
  StoringObserver observer(fixture.store, job);
  PlrJobRunner runner(factories);
  const RunOutcome outcome = runner.run(fixture.spec, {}, {}, observer);
  INFO(outcome.reason);
  REQUIRE(outcome.plr_result.has_value());
  const auto stored = fixture.store.trials(job);
  REQUIRE(stored.size() == outcome.plr_result->trials.size());
  std::size_t limited = 0;
  for (std::size_t i = 0; i < stored.size(); ++i) {
    const measure::TrialResult& measured = outcome.plr_result->trials[i].result;
    const measure::TrialOutcome& kept = stored[i].trial.outcome;
    REQUIRE(kept.directions.size() == 1);
    CHECK(kept.directions[0].name == "0->1");
    CHECK(kept.counters == "flow_stats");
    CHECK(kept.tester_limited_pps == measured.tester_limited_pps());
    // What a resumed search reads back: still tester-limited, still full loss.
    REQUIRE(stored[i].plr.has_value());
    CHECK(stored[i].plr->result.tester_limited() == measured.tester_limited());
    CHECK(stored[i].plr->result.loss_ratio() == measured.loss_ratio());
    if (measured.tester_limited()) ++limited;
  }
  // The first trial is at max load (2 Mpps), beyond the tester.
  CHECK(limited >= 1);
}

TEST_CASE("a PLR job stores every trial with its estimate and ends on its time budget") {
  Fixture fixture;
  const JobId job = fixture.add_job();
  StoringObserver observer(fixture.store, job);
  PlrJobRunner runner(fixture.factories);
  const RunOutcome outcome = runner.run(fixture.spec, {}, {}, observer);
  INFO(outcome.reason);
  CHECK(outcome.kind == RunOutcome::Kind::completed);
  REQUIRE(outcome.plr_result.has_value());
  CHECK(outcome.plr_result->stop_reason == plr::PlrStopReason::time_budget);
  const auto stored = fixture.store.trials(job);
  REQUIRE(stored.size() == outcome.plr_result->trials.size());
  REQUIRE(stored.size() >= 5);
  for (std::size_t i = 0; i < stored.size(); ++i) {
    REQUIRE(stored[i].plr.has_value());
    // Round-tripped through SQLite bit for bit: estimate, fits with their focus, times.
    CHECK(stored[i].plr->estimate == outcome.plr_result->trials[i].estimate);
    CHECK(stored[i].plr->fits == outcome.plr_result->trials[i].fits);
    CHECK(stored[i].plr->finished_at == outcome.plr_result->trials[i].finished_at);
    CHECK(observer.estimates[i] == outcome.plr_result->trials[i].estimate);
  }
  CHECK(outcome.plr_result->estimate.has_value());
}

TEST_CASE("a PLR job stopped mid-way and resumed from the store ends as if never interrupted") {
  Fixture fixture;
  PlrJobRunner runner(fixture.factories);

  const JobId whole = fixture.add_job();
  StoringObserver uninterrupted(fixture.store, whole);
  const RunOutcome reference = runner.run(fixture.spec, {}, {}, uninterrupted);
  REQUIRE(reference.plr_result.has_value());
  const std::size_t total = reference.plr_result->trials.size();
  REQUIRE(total > 4);

  const JobId split = fixture.add_job();
  StoringObserver first(fixture.store, split, 3);
  const RunOutcome stopped = runner.run(fixture.spec, {}, first.stop.get_token(), first);
  CHECK(stopped.kind == RunOutcome::Kind::stopped);
  REQUIRE(fixture.store.trial_count(split) == 3);

  StoringObserver second(fixture.store, split);
  const RunOutcome resumed = runner.run(fixture.spec, fixture.store.trials(split), {}, second);
  INFO(resumed.reason);
  CHECK(resumed.kind == RunOutcome::Kind::completed);
  CHECK(second.replayed == 3);
  CHECK(second.live == total - 3);
  REQUIRE(resumed.plr_result.has_value());
  REQUIRE(resumed.plr_result->trials.size() == total);
  for (std::size_t i = 0; i < total; ++i) {
    const plr::PlrTrial& a = reference.plr_result->trials[i];
    const plr::PlrTrial& b = resumed.plr_result->trials[i];
    CHECK(a.result.intended_load_pps() == b.result.intended_load_pps());
    CHECK(a.estimate == b.estimate);
  }
  CHECK(resumed.plr_result->estimate == reference.plr_result->estimate);
  CHECK(fixture.store.trial_count(split) == total);
}

TEST_CASE(
    "plr_resume = deadline: a real-time soak resumed an hour after its last trial ends at once") {
  // The deadline is the original start plus the time budget: an hour of
  // downtime spends the 60 s budget, and the stored search time stays, so the
  // soak ends on its budget with the stored estimate and measures nothing.
  Fixture fixture;
  PlrJobRunner runner(fixture.factories);
  const JobId job = fixture.add_job();
  StoringObserver first(fixture.store, job, 3);
  (void)runner.run(fixture.spec, {}, first.stop.get_token(), first);
  std::vector<StoredTrial> stored = fixture.store.trials(job);
  REQUIRE(stored.size() == 3);
  REQUIRE(stored.back().plr.has_value());
  stored.back().recorded_at -= std::chrono::hours(1);

  JobSpec later = fixture.spec;
  std::get<SimMeasurerSpec>(later.measurer).time = TimeMode::real_time;
  later.plr_resume = PlrResume::deadline;
  StoringObserver second(fixture.store, job);
  const RunOutcome resumed = runner.run(later, stored, {}, second);
  INFO(resumed.reason);
  CHECK(resumed.kind == RunOutcome::Kind::completed);
  CHECK(second.replayed == 3);
  CHECK(second.live == 0);
  REQUIRE(resumed.plr_result.has_value());
  CHECK(resumed.plr_result->stop_reason == plr::PlrStopReason::time_budget);
  CHECK(resumed.plr_result->estimate == stored.back().plr->estimate);
  const auto said = std::find_if(
      second.debug_lines.begin(), second.debug_lines.end(),
      [](const std::string& line) { return line.rfind("plr_resume=deadline: 36", 0) == 0; });
  REQUIRE(said != second.debug_lines.end());
  CHECK(said->find("time budget now " +
                   measure::format_value(stored.back().plr->finished_at.count()) + " s") !=
        std::string::npos);
}

TEST_CASE("a PLR job whose stored trials lack PLR state fails with the trial named") {
  Fixture fixture;
  StoredTrial trial;
  trial.number = 1;
  trial.trial = measure::RecordedTrial{10000.0, measure::Seconds{1.0}, measure::TrialOutcome{}};
  const JobId job = fixture.add_job();
  StoringObserver observer(fixture.store, job);
  PlrJobRunner runner(fixture.factories);
  const RunOutcome outcome = runner.run(fixture.spec, {trial}, {}, observer);
  CHECK(outcome.kind == RunOutcome::Kind::failed);
  CHECK(outcome.reason.find("stored trial 1") != std::string::npos);
  CHECK(observer.live == 0);
}

}  // namespace trexsearch::service
