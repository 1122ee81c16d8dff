#include <doctest/doctest.h>

#include <algorithm>
#include <stop_token>

#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/runners/mlr_job_runner.hpp"
#include "daemon/runners/plr_job_runner.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "daemon/store/store.hpp"
#include "tests/daemon/support/latency_sut.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using servicetest::LatencySut;
using servicetest::TempDir;

std::string mlr_job(const std::string& latency, double min_load = 10000) {
  return R"({"spec": {"goals": [{"name": "NDR", "loss_ratio": 0, "relative_width": 0.02},
                                 {"name": "PDR", "loss_ratio": 0.005, "relative_width": 0.02}],
                      "min_load": )" +
         std::to_string(min_load) + R"(, "max_load": 2e6},
            "measurer": {"kind": "sim", "model": "sharp"})" +
         (latency.empty() ? "" : ", \"latency\": " + latency) + "}";
}

/// Hands out one measurer the test keeps (so it can look at the calls).
class SharedFactory final : public MeasurerFactory {
 public:
  explicit SharedFactory(measure::Measurer& measurer) : measurer_(measurer) {}
  std::string_view kind() const override { return "sim"; }
  LiveMeasurer make(const MeasurerSpec&) const override {
    class Forward final : public measure::Measurer {
     public:
      explicit Forward(measure::Measurer& inner) : inner_(inner) {}
      measure::TrialOutcome measure(measure::Seconds d, double l, std::stop_token s) override {
        return inner_.measure(d, l, s);
      }
      bool has_latency_streams() const override { return inner_.has_latency_streams(); }
      measure::TrialOutcome measure_latency(measure::Seconds d, double l,
                                            std::stop_token s) override {
        return inner_.measure_latency(d, l, s);
      }

     private:
      measure::Measurer& inner_;
    };
    return LiveMeasurer{std::make_unique<Forward>(measurer_), false, nullptr, std::nullopt};
  }

 private:
  measure::Measurer& measurer_;
};

/// A measurer without latency streams (counts only).
class PlainSut final : public measure::Measurer {
 public:
  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token) override {
    measure::TrialOutcome outcome;
    outcome.offered_count = static_cast<std::int64_t>(load_pps * duration.count());
    return outcome;
  }
};

/// Stores every live trial as the job manager does; requests a stop after `stop_after`.
class StoringObserver final : public RunObserver {
 public:
  StoringObserver(Store& store, JobId job, std::size_t stop_after = 0)
      : store_(store), job_(job), stop_after_(stop_after) {}
  void trial_done(const StoredTrial& trial, const JobProgress& progress) override {
    store_.add_trial(job_, trial);
    phases.push_back(progress.last_trial ? progress.last_trial->phase : "main");
    if (progress.last_trial) progress_latency.push_back(progress.last_trial->latency.size());
    ++live;
    if (stop_after_ > 0 && live == stop_after_) stop.request_stop();
  }
  void replay_finished(std::size_t count, const JobProgress&) override { replayed = count; }
  void debug(std::string_view) override {}

  std::stop_source stop;
  std::size_t live = 0;
  std::size_t replayed = 0;
  std::vector<std::string> phases;
  std::vector<std::size_t> progress_latency;

 private:
  Store& store_;
  JobId job_;
  std::size_t stop_after_;
};

struct Job {
  explicit Job(const std::string& text, measure::Measurer& measurer)
      : store(dir.path() / "jobs.sqlite"),
        spec(decode_job_spec(codec::parse_strict_json(text, "test"))) {
    factories.add(std::make_unique<SharedFactory>(measurer));
    id = store.add_job(NewJob{spec, {}, "tester", "test", "{}"});
  }
  RunOutcome run(StoringObserver& observer) {
    MlrJobRunner runner(factories);
    return runner.run(spec, store.trials(id), observer.stop.get_token(), observer);
  }

  TempDir dir;
  Store store;
  MeasurerFactories factories;
  JobSpec spec;
  JobId id = 0;
};

/// The job run again from `trials` on another measurer, as a restarted daemon
/// resumes it with a fresh one.
RunOutcome resume_on(const Job& job, const std::vector<StoredTrial>& trials,
                     measure::Measurer& measurer, StoringObserver& observer) {
  MeasurerFactories factories;
  factories.add(std::make_unique<SharedFactory>(measurer));
  MlrJobRunner runner(factories);
  return runner.run(job.spec, trials, {}, observer);
}

std::uint64_t p99(const latency::LatencyPoint& point, std::size_t direction) {
  return point.directions.at(direction).summary.p99_us.value();
}

}  // namespace

TEST_CASE(
    "an MLR job with latency streams measures latency at 0/10/50/90 % of PDR after its search") {
  LatencySut sut;
  Job job(mlr_job(""), sut);
  StoringObserver observer(job.store, job.id);
  const RunOutcome outcome = job.run(observer);
  INFO(outcome.reason);
  REQUIRE(outcome.kind == RunOutcome::Kind::completed);
  REQUIRE(outcome.result);
  REQUIRE(outcome.latency);
  const double pdr = outcome.result->goals[1].conditional_throughput_pps.value();
  const auto& points = outcome.latency->points;
  REQUIRE(points.size() == 4);
  const double fractions[] = {0.0, 0.1, 0.5, 0.9};
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(points[i].goal == "PDR");
    CHECK(points[i].fraction == fractions[i]);
    CHECK(points[i].directions.size() == 2);
    CHECK(points[i].duration == measure::Seconds{1.0});  // the goal's final_trial_duration
  }
  // 0 % is the latency streams alone (their rate, known from the 90 % trial).
  CHECK(points[0].load_pps == 9000.0);
  CHECK(points[1].load_pps == doctest::Approx(0.1 * pdr));
  CHECK(points[3].load_pps == doctest::Approx(0.9 * pdr));
  for (std::size_t d = 0; d < 2; ++d) {
    for (std::size_t i = 1; i < 4; ++i) CHECK(p99(points[i], d) > p99(points[i - 1], d));
  }
  // Measured from the highest fraction down (CSIT's order), numbered after the search.
  CHECK(points[3].trial == outcome.result->trials.size() + 1);
  CHECK(points[0].trial == outcome.result->trials.size() + 4);
  CHECK(sut.latency_calls == 4);
  CHECK(sut.measure_calls == static_cast<int>(outcome.result->trials.size()));

  // Stored with phase "latency" and the histograms; watchers saw them as such.
  const auto stored = job.store.trials(job.id);
  REQUIRE(stored.size() == outcome.result->trials.size() + 4);
  for (std::size_t i = stored.size() - 4; i < stored.size(); ++i) {
    CHECK(stored[i].phase == mlr::TrialPhase::latency);
    REQUIRE(stored[i].trial.outcome.latency.size() == 2);
    CHECK(stored[i].trial.outcome.latency[0].hdrh == "HISTFAAAAB");
    CHECK(stored[i].trial.outcome.latency[0].buckets.size() == 2);
  }
  CHECK(observer.phases.back() == "latency");
  CHECK(observer.progress_latency.back() == 2);

  // The stored result carries the points under their documented names.
  job.store.finish(job.id, JobState::finished, "", {}, &*outcome.result, &*outcome.latency);
  const Json::Value result =
      codec::parse_strict_json(job.store.result_json(job.id).value(), "result");
  REQUIRE(result["latency"].size() == 4);
  CHECK(result["latency"][2]["fraction"].asDouble() == 0.5);
  CHECK(result["latency"][2]["directions"][1]["p99_us"].isUInt64());
  CHECK(result["latency_notes"].isArray());
}

TEST_CASE("an MLR job interrupted in its latency phase resumes without measuring a trial twice") {
  LatencySut whole;
  Job reference(mlr_job(R"({"fractions": [0, 0.5, 0.9], "duration": 2})"), whole);
  StoringObserver uninterrupted(reference.store, reference.id);
  const RunOutcome expected = reference.run(uninterrupted);
  REQUIRE(expected.latency);
  REQUIRE(expected.latency->points.size() == 3);
  const std::size_t search_trials = expected.result->trials.size();

  LatencySut first;
  Job job(mlr_job(R"({"fractions": [0, 0.5, 0.9], "duration": 2})"), first);
  StoringObserver stopping(job.store, job.id, search_trials + 1);
  const RunOutcome stopped = job.run(stopping);
  CHECK(stopped.kind == RunOutcome::Kind::stopped);
  CHECK(first.latency_calls == 1);
  REQUIRE(job.store.trials(job.id).size() == search_trials + 1);

  LatencySut second;
  StoringObserver resumed(job.store, job.id);
  const RunOutcome outcome = resume_on(job, job.store.trials(job.id), second, resumed);
  INFO(outcome.reason);
  REQUIRE(outcome.kind == RunOutcome::Kind::completed);
  CHECK(second.measure_calls == 0);
  CHECK(second.latency_calls == 2);
  CHECK(resumed.live == 2);
  REQUIRE(outcome.latency->points.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(outcome.latency->points[i].load_pps == expected.latency->points[i].load_pps);
    CHECK(outcome.latency->points[i].duration == measure::Seconds{2.0});
  }
  CHECK(job.store.trials(job.id).size() == search_trials + 3);
}

TEST_CASE("a resumed MLR job that ends before replaying every stored trial fails saying so") {
  // A stored trial more than the search asks for (of the search, or of the
  // latency phase): the spec or the controller changed since it was measured.
  LatencySut whole;
  Job reference(mlr_job(R"({"fractions": [0, 0.5], "duration": 2})"), whole);
  StoringObserver uninterrupted(reference.store, reference.id);
  const RunOutcome expected = reference.run(uninterrupted);
  REQUIRE(expected.kind == RunOutcome::Kind::completed);
  const std::vector<StoredTrial> stored = reference.store.trials(reference.id);
  const std::size_t search_trials = expected.result->trials.size();
  REQUIRE(stored.size() == search_trials + 2);

  for (const bool latency : {false, true}) {
    CAPTURE(latency);
    std::vector<StoredTrial> one_more = stored;
    // The last search trial, or the last latency trial, stored twice.
    StoredTrial extra = one_more[latency ? stored.size() - 1 : search_trials - 1];
    one_more.insert(
        one_more.begin() + static_cast<std::ptrdiff_t>(latency ? stored.size() : search_trials),
        extra);
    for (std::size_t i = 0; i < one_more.size(); ++i) one_more[i].number = i + 1;
    LatencySut again;
    StoringObserver resumed(reference.store, reference.id);
    const RunOutcome outcome = resume_on(reference, one_more, again, resumed);
    CHECK(outcome.kind == RunOutcome::Kind::failed);
    CHECK(resumed.live == 0);
    CHECK(again.measure_calls == 0);
    const std::string want =
        latency ? "cannot resume: the latency phase ended after 2 of 3 stored latency trials"
                : "cannot resume: the search ended after " + std::to_string(search_trials) +
                      " of " + std::to_string(search_trials + 1) + " stored trials";
    CHECK(outcome.reason == want);
  }
}

TEST_CASE("latency asked of a measurer without latency streams fails the job saying why") {
  PlainSut sut;
  Job job(mlr_job("{}"), sut);
  StoringObserver observer(job.store, job.id);
  const RunOutcome outcome = job.run(observer);
  CHECK(outcome.kind == RunOutcome::Kind::failed);
  CHECK(outcome.reason.find("sends no latency streams") != std::string::npos);
  CHECK(observer.live == 0);
}

TEST_CASE("\"latency\": false runs no latency trials; without streams automatic runs none either") {
  LatencySut sut;
  Job job(mlr_job("false"), sut);
  StoringObserver observer(job.store, job.id);
  const RunOutcome outcome = job.run(observer);
  CHECK(outcome.kind == RunOutcome::Kind::completed);
  CHECK_FALSE(outcome.latency);
  CHECK(sut.latency_calls == 0);

  PlainSut plain;
  Job automatic(mlr_job(""), plain);
  StoringObserver plain_observer(automatic.store, automatic.id);
  const RunOutcome plain_outcome = automatic.run(plain_observer);
  CHECK(plain_outcome.kind == RunOutcome::Kind::completed);
  CHECK_FALSE(plain_outcome.latency);
}

TEST_CASE("every_trial makes every search trial a latency trial; min_load below L says so") {
  LatencySut sut;
  Job job(mlr_job(R"({"every_trial": true, "fractions": []})"), sut);
  StoringObserver observer(job.store, job.id);
  const RunOutcome outcome = job.run(observer);
  REQUIRE(outcome.kind == RunOutcome::Kind::completed);
  CHECK(sut.measure_calls == 0);
  CHECK(sut.latency_calls == static_cast<int>(outcome.result->trials.size()));
  for (const auto& trial : outcome.result->trials) CHECK(trial.result.latency().size() == 2);
  CHECK(outcome.latency->points.empty());

  // A SUT of 6 kpps drives the search below the streams' 9 kpps.
  LatencySut slow;
  slow.capacity_pps = 6000.0;
  Job low(mlr_job(R"({"every_trial": true})", 5000), slow);
  StoringObserver low_observer(low.store, low.id);
  const RunOutcome refused = low.run(low_observer);
  CHECK(refused.kind == RunOutcome::Kind::failed);
  CHECK(refused.reason.find("below the latency streams' rate 9000 pps") != std::string::npos);
  CHECK(refused.reason.find("min_load") != std::string::npos);
}

TEST_CASE("a goal without a conditional throughput gets no latency trials, with a note") {
  LatencySut sut;
  sut.capacity_pps = 5000.0;  // below min_load: no lower bound for either goal
  Job job(mlr_job(R"({"goals": ["NDR", "PDR"]})"), sut);
  StoringObserver observer(job.store, job.id);
  const RunOutcome outcome = job.run(observer);
  INFO(outcome.reason);
  REQUIRE(outcome.latency);
  CHECK(outcome.latency->points.empty());
  REQUIRE(outcome.latency->notes.size() == 2);
  CHECK(outcome.latency->notes[0].find("NDR: no latency trials") != std::string::npos);
  CHECK(sut.latency_calls == 0);
}

namespace {

const char* const kPlrJob = R"({"method": "plr", "spec": {"target_loss_ratio": 1e-7,
    "min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
    "trial_duration_increment": 1, "time_budget": 80, "samples_per_trial": 2000,
    "samples_per_chunk": 1000, "seed": 7},
    "measurer": {"kind": "sim", "model": "sharp"}})";

Json::Value soak(LatencySut& sut, std::vector<StoredTrial>* stored = nullptr) {
  TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  const JobSpec spec = decode_job_spec(codec::parse_strict_json(kPlrJob, "test"));
  const JobId id = store.add_job(NewJob{spec, {}, "tester", "test", "{}"});
  MeasurerFactories factories;
  factories.add(std::make_unique<SharedFactory>(sut));
  StoringObserver observer(store, id);
  PlrJobRunner runner(factories);
  const RunOutcome outcome = runner.run(spec, {}, {}, observer);
  REQUIRE(outcome.plr_result);
  if (stored != nullptr) *stored = store.trials(id);
  return codec::encode_plr_result(*outcome.plr_result);
}

}  // namespace

TEST_CASE("a PLR soak with latency streams stores latency for every trial and flags a drift") {
  // Latency independent of load here: the soak's loads move, the SUT's latency must not.
  LatencySut drifting;
  drifting.load_us = 0.0;
  drifting.drift_us_per_trial = 3.0;
  drifting.noise_us = 1.0;
  std::vector<StoredTrial> stored;
  const Json::Value result = soak(drifting, &stored);
  REQUIRE(stored.size() >= 8);
  CHECK(drifting.measure_calls == 0);
  for (const StoredTrial& trial : stored) {
    REQUIRE(trial.trial.outcome.latency.size() == 2);
    CHECK(trial.plr.has_value());
    CHECK(trial.plr->result.latency().size() == 2);
  }
  CHECK(result["trials"][0]["latency"][0]["p99_us"].isUInt64());
  REQUIRE(result["latency_trend"].isObject());
  CHECK(result["latency_trend"]["flagged"].asBool());

  LatencySut flat;
  flat.load_us = 0.0;
  flat.noise_us = 4.0;
  const Json::Value steady = soak(flat);
  REQUIRE(steady["latency_trend"].isObject());
  CHECK(steady["latency_trend"]["directions"][0]["judged"].asBool());
  CHECK_FALSE(steady["latency_trend"]["flagged"].asBool());
}

}  // namespace trexsearch::service
