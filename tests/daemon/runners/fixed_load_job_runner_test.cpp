// The fixed-load runner on a simulated SUT in virtual time: stored trials count on
// resume, a soak that stopped on its threshold stays stopped, foreign trials refuse.
#include "daemon/runners/fixed_load_job_runner.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <stop_token>

#include "daemon/codec/strict_json.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {
namespace {

constexpr std::string_view kSharp = R"("measurer": {"kind": "sim", "model": "sharp",
    "options": {"capacity_pps": 1e6}})";

JobSpec spec_of(const std::string& method, const std::string& spec) {
  return decode_job_spec(codec::parse_strict_json(
      "{\"method\": \"" + method + "\", \"spec\": " + spec + ", " + std::string(kSharp) + "}",
      "test"));
}

/// Keeps the trials the runner hands over, as the job manager's store would.
class KeepingObserver final : public RunObserver {
 public:
  void trial_done(const StoredTrial& trial, const JobProgress& progress) override {
    CHECK(progress.trial_count == trial.number);
    trials.push_back(trial);
  }
  void replay_finished(std::size_t count, const JobProgress&) override { replayed = count; }
  void debug(std::string_view) override {}

  std::vector<StoredTrial> trials;
  std::size_t replayed = 0;
};

struct Fixture {
  Fixture() { factories.add(std::make_unique<SimMeasurerFactory>()); }
  MeasurerFactories factories;
};

/// Forwards every frame of its first trial, then fails as `second` says.
class FailingSecondTrial final : public measure::Measurer {
 public:
  enum class How { throws, negative_offered_count };
  explicit FailingSecondTrial(How how) : how_(how) {}
  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token) override {
    measure::TrialOutcome outcome;
    outcome.offered_count = static_cast<std::int64_t>(load_pps * duration.count());
    if (++trials_ == 1) return outcome;
    if (how_ == How::throws) throw std::runtime_error("TRex went away");
    outcome.offered_count = -1;
    return outcome;
  }

 private:
  How how_;
  int trials_ = 0;
};

class FailingFactory final : public MeasurerFactory {
 public:
  explicit FailingFactory(FailingSecondTrial::How how) : how_(how) {}
  std::string_view kind() const override { return "sim"; }
  LiveMeasurer make(const MeasurerSpec&) const override {
    return LiveMeasurer{std::make_unique<FailingSecondTrial>(how_), false, nullptr, std::nullopt};
  }

 private:
  FailingSecondTrial::How how_;
};

}  // namespace

TEST_CASE("a resumed MRR job measures only the trials it has not stored, numbered on") {
  Fixture fixture;
  const JobSpec spec = spec_of("mrr", R"({"load": 5e5, "trials": 6})");
  FixedLoadJobRunner runner(fixture.factories, SearchMethod::mrr);
  KeepingObserver first;
  const RunOutcome whole = runner.run(spec, {}, std::stop_token{}, first);
  REQUIRE(whole.kind == RunOutcome::Kind::completed);
  REQUIRE(first.trials.size() == 6);

  KeepingObserver second;
  const std::vector<StoredTrial> stored(first.trials.begin(), first.trials.begin() + 4);
  const RunOutcome resumed = runner.run(spec, stored, std::stop_token{}, second);
  CHECK(resumed.kind == RunOutcome::Kind::completed);
  CHECK(second.replayed == 4);
  REQUIRE(second.trials.size() == 2);
  CHECK(second.trials[0].number == 5);
  // The search clock continues where the stored trials ended.
  CHECK(second.trials[0].started_at == first.trials[4].started_at);
  REQUIRE(resumed.fixed_load_result.has_value());
  CHECK(resumed.fixed_load_result->trials.size() == 6);
  CHECK(resumed.fixed_load_result->receive_rate->mean_pps ==
        whole.fixed_load_result->receive_rate->mean_pps);
}

TEST_CASE("a soak killed right after its threshold interval stays stopped when resumed") {
  Fixture fixture;
  // 2 Mpps into a 1 Mpps SUT: the first interval loses half.
  const JobSpec spec = spec_of("soak", R"({"load": 2e6, "interval": 10, "duration": 100})");
  FixedLoadJobRunner runner(fixture.factories, SearchMethod::soak);
  KeepingObserver first;
  const RunOutcome stopped = runner.run(spec, {}, std::stop_token{}, first);
  CHECK(stopped.kind == RunOutcome::Kind::completed);
  REQUIRE(stopped.fixed_load_result.has_value());
  CHECK(stopped.fixed_load_result->stop_reason == FixedLoadStop::loss_threshold);
  REQUIRE(first.trials.size() == 1);

  KeepingObserver second;
  const RunOutcome resumed = runner.run(spec, first.trials, std::stop_token{}, second);
  CHECK(second.trials.empty());
  REQUIRE(resumed.fixed_load_result.has_value());
  CHECK(resumed.fixed_load_result->stop_reason == FixedLoadStop::loss_threshold);
  CHECK(resumed.reason.find("interval 1 lost") == 0);
}

TEST_CASE("stored trials at another load are not taken for this job's") {
  Fixture fixture;
  FixedLoadJobRunner runner(fixture.factories, SearchMethod::mrr);
  KeepingObserver first;
  (void)runner.run(spec_of("mrr", R"({"load": 5e5, "trials": 2})"), {}, std::stop_token{}, first);
  KeepingObserver second;
  const RunOutcome outcome = runner.run(spec_of("mrr", R"({"load": 6e5, "trials": 2})"),
                                        first.trials, std::stop_token{}, second);
  CHECK(outcome.kind == RunOutcome::Kind::failed);
  CHECK(outcome.reason.find("cannot resume") == 0);
  CHECK(second.trials.empty());
}

TEST_CASE("a stop request ends the MRR job as stopped with the trials it measured") {
  Fixture fixture;
  FixedLoadJobRunner runner(fixture.factories, SearchMethod::mrr);
  std::stop_source stop;
  stop.request_stop();
  KeepingObserver observer;
  const RunOutcome outcome =
      runner.run(spec_of("mrr", R"({"load": 5e5, "trials": 3})"), {}, stop.get_token(), observer);
  CHECK(outcome.kind == RunOutcome::Kind::stopped);
  REQUIRE(outcome.fixed_load_result.has_value());
  CHECK(outcome.fixed_load_result->stop_reason == FixedLoadStop::cancelled);
  CHECK(outcome.fixed_load_result->trials.empty());
}

TEST_CASE(
    "a trial that fails, or whose counts cannot be a trial, fails the job; earlier ones stay") {
  for (const auto how :
       {FailingSecondTrial::How::throws, FailingSecondTrial::How::negative_offered_count}) {
    CAPTURE(static_cast<int>(how));
    MeasurerFactories factories;
    factories.add(std::make_unique<FailingFactory>(how));
    FixedLoadJobRunner runner(factories, SearchMethod::mrr);
    KeepingObserver observer;
    const RunOutcome outcome = runner.run(spec_of("mrr", R"({"load": 5e5, "trials": 3})"), {},
                                          std::stop_token{}, observer);
    CHECK(outcome.kind == RunOutcome::Kind::failed);
    CHECK(outcome.reason.rfind("trial 2 failed: ", 0) == 0);
    if (how == FailingSecondTrial::How::throws) {
      CHECK(outcome.reason == "trial 2 failed: TRex went away");
    }
    CHECK(observer.trials.size() == 1);
    REQUIRE(outcome.fixed_load_result.has_value());
    CHECK(outcome.fixed_load_result->stop_reason == FixedLoadStop::failed);
    CHECK(outcome.fixed_load_result->trials.size() == 1);
  }
}

}  // namespace trexsearch::service
