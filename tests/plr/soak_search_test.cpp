// The search loop: schedule and budget, deterministic reproducibility (also across thread
// counts), resume equivalence, cancellation with prompt worker shutdown, failures, config and
// resume validation.
#include "plr/soak_search.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <condition_variable>
#include <latch>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "measure/errors.hpp"
#include "plr/math/critical_load.hpp"
#include "plr/random.hpp"
#include "tests/plr/fake_soak_measurer.hpp"

namespace trexsearch::plr {
namespace {

using test::FakeSoakMeasurer;

constexpr double kMrr = 1.2e7;
constexpr double kSpread = 1e5;

/// A short deterministic soak: 60 s of trials (10 trials with 0.5 s overhead).
PlrConfig small_config() {
  PlrConfig config;
  config.min_load_pps = 1e5;
  config.max_load_pps = 2e7;
  config.time_budget = measure::Seconds{60.0};
  config.samples_per_trial = 1500;
  config.samples_per_chunk = 600;
  config.seed = 3;
  return config;
}

void check_same_trial(const PlrTrial& a, const PlrTrial& b) {
  CAPTURE(a.number);
  CHECK(a.number == b.number);
  CHECK(a.result.intended_load_pps() == b.result.intended_load_pps());
  CHECK(a.result.intended_duration() == b.result.intended_duration());
  CHECK(a.result.counts()->offered == b.result.counts()->offered);
  CHECK(a.result.counts()->loss == b.result.counts()->loss);
  CHECK(a.model_loss_count == b.model_loss_count);
  CHECK(a.lossy == b.lossy);
  CHECK(a.fits == b.fits);
  CHECK(a.estimate == b.estimate);
  // Clock sums may associate differently after a resume.
  CHECK(a.started_at.count() == doctest::Approx(b.started_at.count()).epsilon(1e-12));
  CHECK(a.finished_at.count() == doctest::Approx(b.finished_at.count()).epsilon(1e-12));
}

void check_same_result(const PlrResult& a, const PlrResult& b) {
  REQUIRE(a.trials.size() == b.trials.size());
  for (std::size_t i = 0; i < a.trials.size(); ++i) check_same_trial(a.trials[i], b.trials[i]);
  CHECK(a.estimate == b.estimate);
  CHECK(a.stop_reason == b.stop_reason);
  CHECK(a.trend.has_value() == b.trend.has_value());
}

PlrResult run_search(const PlrConfig& config, std::uint64_t sut_seed = 1) {
  measure::ManualClock clock;
  FakeSoakMeasurer measurer(clock, kMrr, kSpread, sut_seed);
  return SoakSearch(config, clock).run(measurer);
}

}  // namespace

TEST_CASE("trials follow the duration schedule and the search ends after the time budget") {
  const PlrResult result = run_search(small_config());
  // Trials end at 5.6, 11.3, 17.1, ... 54.0, 60.5 s: the tenth crosses 60 s.
  REQUIRE(result.trials.size() == 10);
  CHECK(result.stop_reason == PlrStopReason::time_budget);
  for (const PlrTrial& trial : result.trials) {
    CAPTURE(trial.number);
    CHECK(trial.result.intended_duration().count() ==
          doctest::Approx(5.1 + 0.1 * static_cast<double>(trial.number - 1)));
    CHECK(trial.fits[0].samples == 1500);
    CHECK(trial.fits[1].samples == 1500);
    REQUIRE(trial.estimate.has_value());
    CHECK(trial.estimate->lower_pps < trial.estimate->average_pps);
    CHECK(trial.estimate->average_pps < trial.estimate->upper_pps);
    CHECK(trial.estimate->lower_pps ==
          doctest::Approx(std::exp(trial.estimate->log_center - trial.estimate->log_stdev)));
  }
  CHECK(result.trials[0].result.intended_load_pps() == (1e5 + 2e7) / 2.0);
  CHECK(result.trials[1].result.intended_load_pps() == 2e7);
  // Trial 3 at trial 2's forwarding rate / (1 - target).
  CHECK(result.trials[2].result.intended_load_pps() ==
        doctest::Approx(result.trials[1].result.forwarding_rate_pps() / (1.0 - 1e-7)));
  CHECK(result.trials.back().finished_at.count() == doctest::Approx(60.5));
  // The final estimate is the one computed during the last trial (the reference's semantics).
  CHECK(result.estimate == result.trials.back().estimate);
  CHECK(result.run_duration.count() == doctest::Approx(60.5));
}

TEST_CASE("the estimate approaches the SUT's true critical load") {
  PlrConfig config = small_config();
  config.time_budget = measure::Seconds{300.0};  // about 40 trials
  const PlrResult result = run_search(config);
  REQUIRE(result.estimate.has_value());
  const StretchFit truth(kMrr, kSpread);
  const double critical = critical_load_pps(truth, config.min_load_pps, config.max_load_pps,
                                            std::log(config.target_loss_ratio));
  CAPTURE(critical);
  CAPTURE(result.estimate->average_pps);
  CAPTURE(result.estimate->stdev_pps);
  CHECK(std::fabs(result.estimate->average_pps - critical) < 0.02 * critical);
  CHECK(std::fabs(result.estimate->average_pps - critical) <
        3.0 * result.estimate->stdev_pps + 0.002 * critical);
  REQUIRE(result.trend.has_value());
  CHECK(result.trend->points >= 5);
}

TEST_CASE("deterministic mode gives bit-identical searches, whatever the thread count") {
  const PlrResult first = run_search(small_config());
  const PlrResult again = run_search(small_config());
  check_same_result(first, again);
  PlrConfig threaded = small_config();
  threaded.threads_per_fit = 3;
  check_same_result(first, run_search(threaded));
  PlrConfig reseeded = small_config();
  reseeded.seed = 4;
  CHECK_FALSE(run_search(reseeded).trials.back().fits == first.trials.back().fits);
}

TEST_CASE("a resumed search equals the uninterrupted one") {
  const PlrConfig config = small_config();
  const PlrResult uninterrupted = run_search(config);
  REQUIRE(uninterrupted.trials.size() == 10);
  for (std::size_t stop_after : {std::size_t{1}, std::size_t{4}, std::size_t{7}}) {
    CAPTURE(stop_after);
    // Interrupt after `stop_after` trials: cancel from the hook.
    measure::ManualClock clock;
    FakeSoakMeasurer measurer(clock, kMrr, kSpread, 1);
    std::stop_source stop;
    PlrHooks hooks;
    hooks.on_trial = [&](const PlrTrial& trial) {
      if (trial.number == stop_after) stop.request_stop();
    };
    const PlrResult interrupted = SoakSearch(config, clock).run(measurer, stop.get_token(), hooks);
    CHECK(interrupted.stop_reason == PlrStopReason::cancelled);
    REQUIRE(interrupted.trials.size() == stop_after);
    // Resume in a new process: new clock, same SUT continuing with its next trial.
    measure::ManualClock new_clock;
    FakeSoakMeasurer continued(new_clock, kMrr, kSpread, 1, static_cast<int>(stop_after));
    const PlrResult resumed =
        SoakSearch(config, new_clock).run(continued, {}, {}, interrupted.trials);
    check_same_result(resumed, uninterrupted);
  }
}

TEST_CASE("resuming a finished search returns at once without measuring") {
  const PlrResult finished = run_search(small_config());
  measure::ManualClock clock;
  FakeSoakMeasurer measurer(clock, kMrr, kSpread, 1);
  const PlrResult again = SoakSearch(small_config(), clock).run(measurer, {}, {}, finished.trials);
  CHECK(measurer.calls() == 0);
  check_same_result(again, finished);
}

TEST_CASE("cancelling during a trial ends the search promptly and joins the workers") {
  for (const bool deterministic : {true, false}) {
    CAPTURE(deterministic);
    PlrConfig config = small_config();
    // A budget the workers could never finish: only the abort can stop them.
    if (deterministic) {
      config.samples_per_trial = 1'000'000'000'000ULL;
      config.samples_per_chunk = 100'000'000ULL;
    } else {
      config.samples_per_trial.reset();
    }
    config.threads_per_fit = 2;
    measure::ManualClock clock;
    FakeSoakMeasurer measurer(clock, kMrr, kSpread, 1);
    std::latch second_trial_started(1);
    std::mutex mutex;
    std::condition_variable_any never;
    measurer.before_trial = [&](int, std::stop_token stop) {
      second_trial_started.count_down();
      std::unique_lock lock(mutex);
      never.wait(lock, stop, [] { return false; });  // blocks until the stop token fires
      throw measure::MeasurementCancelled();
    };
    std::optional<PlrResult> result;
    PlrConfig first_trial_quick = config;
    first_trial_quick.samples_per_trial =
        deterministic ? std::optional<std::uint64_t>(100) : std::nullopt;
    // Trial 1 must finish its computation, so run it with a small budget, then resume with the
    // impossible one.
    measure::ManualClock quick_clock;
    FakeSoakMeasurer quick(quick_clock, kMrr, kSpread, 1);
    std::stop_source after_first;
    PlrHooks hooks;
    hooks.on_trial = [&](const PlrTrial&) { after_first.request_stop(); };
    const PlrResult first =
        SoakSearch(first_trial_quick, quick_clock).run(quick, after_first.get_token(), hooks);
    REQUIRE(first.trials.size() == 1);
    {
      std::jthread search([&](std::stop_token stop) {
        result = SoakSearch(config, clock).run(measurer, stop, {}, first.trials);
      });
      second_trial_started.wait();
      search.request_stop();
    }  // joined here: returns only if the search and its workers ended
    REQUIRE(result.has_value());
    CHECK(result->stop_reason == PlrStopReason::cancelled);
    CHECK(result->trials.size() == 1);
  }
}

TEST_CASE("a failing measurer ends the search with the failure, keeping earlier trials") {
  measure::ManualClock clock;
  FakeSoakMeasurer measurer(clock, kMrr, kSpread, 1);
  measurer.before_trial = [](int call, std::stop_token) {
    if (call == 2) throw std::runtime_error("TRex went away");
  };
  const PlrResult result = SoakSearch(small_config(), clock).run(measurer);
  CHECK(result.stop_reason == PlrStopReason::measurer_failed);
  CHECK(result.trials.size() == 2);
  CHECK(result.stop_detail.find("TRex went away") != std::string::npos);
  CHECK(result.stop_detail.find("trial 3") != std::string::npos);
  CHECK(result.estimate == result.trials.back().estimate);
}

TEST_CASE("an invalid trial outcome is a measurer failure, not a crash") {
  struct Broken final : measure::Measurer {
    measure::TrialOutcome measure(measure::Seconds, double, std::stop_token) override {
      measure::TrialOutcome outcome;
      outcome.offered_count = -5;
      return outcome;
    }
  } broken;
  measure::ManualClock clock;
  const PlrResult result = SoakSearch(small_config(), clock).run(broken);
  CHECK(result.stop_reason == PlrStopReason::measurer_failed);
  CHECK(result.trials.empty());
  CHECK_FALSE(result.estimate.has_value());
  CHECK(result.stop_detail.find("-5") != std::string::npos);
}

TEST_CASE("the optional relative-stdev exit stops the search after the initial trials") {
  PlrConfig config = small_config();
  config.time_budget = measure::Seconds{10000.0};
  config.target_relative_stdev = 0.5;
  const PlrResult result = run_search(config);
  CHECK(result.stop_reason == PlrStopReason::target_stdev_reached);
  CHECK(result.trials.size() == 5);
  CHECK(result.estimate->relative_stdev() <= 0.5);
}

TEST_CASE("real-time mode integrates until each trial ends, at least the minimum samples") {
  PlrConfig config = small_config();
  config.samples_per_trial.reset();
  config.min_samples_per_trial = 300;
  config.time_budget = measure::Seconds{30.0};
  const PlrResult result = run_search(config);
  CHECK(result.stop_reason == PlrStopReason::time_budget);
  REQUIRE(result.trials.size() == 6);  // the sixth ends at 35.1 s
  for (const PlrTrial& trial : result.trials) {
    CHECK(trial.fits[0].samples >= 300);
    CHECK(trial.fits[1].samples >= 300);
    CHECK(trial.estimate.has_value());
  }
}

TEST_CASE("the draft's Poisson likelihood is available") {
  PlrConfig config = small_config();
  config.likelihood = LikelihoodKind::poisson;
  const PlrResult poisson = run_search(config);
  const PlrResult geometric = run_search(small_config());
  REQUIRE(poisson.estimate.has_value());
  CHECK_FALSE(poisson.trials.back().fits == geometric.trials.back().fits);
}

TEST_CASE("hooks see every trial and debug lines") {
  measure::ManualClock clock;
  FakeSoakMeasurer measurer(clock, kMrr, kSpread, 1);
  std::vector<std::size_t> numbers;
  std::vector<std::string> lines;
  PlrHooks hooks;
  hooks.on_trial = [&](const PlrTrial& trial) { numbers.push_back(trial.number); };
  hooks.debug = [&](std::string_view line) { lines.emplace_back(line); };
  const PlrResult result = SoakSearch(small_config(), clock).run(measurer, {}, hooks);
  CHECK(numbers.size() == result.trials.size());
  CHECK(numbers.front() == 1);
  REQUIRE(lines.size() == result.trials.size());
  CHECK(lines[0].find("trial 1 load") != std::string::npos);
  CHECK(lines[0].find("stretch") != std::string::npos);
}

TEST_CASE("invalid configs are rejected with the field and the value") {
  const auto rejects = [](auto change, const std::string& field) {
    PlrConfig config;
    change(config);
    CAPTURE(field);
    try {
      config.validate();
      FAIL("accepted");
    } catch (const measure::ConfigError& error) {
      CHECK(error.field() == field);
      CHECK(std::string(error.what()).find(field + " = ") == 0);
    }
  };
  rejects([](PlrConfig& c) { c.target_loss_ratio = 0.0; }, "target_loss_ratio");
  rejects([](PlrConfig& c) { c.target_loss_ratio = 1.0; }, "target_loss_ratio");
  rejects([](PlrConfig& c) { c.min_load_pps = -1.0; }, "min_load");
  rejects([](PlrConfig& c) { c.min_load_pps = std::nan(""); }, "min_load");
  rejects([](PlrConfig& c) { c.max_load_pps = 5000.0; }, "max_load");
  rejects([](PlrConfig& c) { c.max_load_pps = INFINITY; }, "max_load");
  rejects([](PlrConfig& c) { c.trial_duration_first = measure::Seconds{0.0}; },
          "trial_duration_first");
  rejects([](PlrConfig& c) { c.trial_duration_increment = measure::Seconds{-0.1}; },
          "trial_duration_increment");
  rejects([](PlrConfig& c) { c.time_budget = measure::Seconds{0.0}; }, "time_budget");
  rejects([](PlrConfig& c) { c.samples_per_trial = 0; }, "samples_per_trial");
  rejects([](PlrConfig& c) { c.threads_per_fit = 0; }, "threads_per_fit");
  rejects([](PlrConfig& c) { c.target_relative_stdev = -0.1; }, "target_relative_stdev");
  rejects([](PlrConfig& c) { c.proposal_scale = 0.0; }, "proposal_scale");
  rejects([](PlrConfig& c) { c.samples_per_chunk = 0; }, "samples_per_chunk");
  rejects(
      [](PlrConfig& c) {
        c.samples_per_trial = 1'000'000'000;
        c.samples_per_chunk = 1000;
      },
      "samples_per_chunk");
  rejects([](PlrConfig& c) { c.trend_window = 0.0; }, "trend_window");
  measure::ManualClock clock;
  PlrConfig bad;
  bad.max_load_pps = 1.0;
  CHECK_THROWS_AS(SoakSearch(bad, clock), measure::ConfigError);
  CHECK_NOTHROW(PlrConfig{}.validate());
}

TEST_CASE("resume input is checked and errors name the trial and field") {
  const PlrResult finished = run_search(small_config());
  measure::ManualClock clock;
  FakeSoakMeasurer measurer(clock, kMrr, kSpread, 1);
  const SoakSearch search(small_config(), clock);
  const auto rejects = [&](std::vector<PlrTrial> trials, const std::string& field) {
    CAPTURE(field);
    try {
      search.run(measurer, {}, {}, trials);
      FAIL("accepted");
    } catch (const measure::ConfigError& error) {
      CHECK(error.field() == field);
    }
  };
  std::vector<PlrTrial> trials(finished.trials.begin(), finished.trials.begin() + 3);
  auto renumbered = trials;
  renumbered[1].number = 5;
  rejects(renumbered, "resume_from[1].number");
  auto no_counts = trials;
  no_counts[0].result =
      measure::TrialResult::from_loss_ratio(1e6, measure::Seconds{1.0}, measure::Seconds{1.0}, 0.0);
  rejects(no_counts, "resume_from[0].counts");
  auto bad_time = trials;
  bad_time[2].finished_at = measure::Seconds{-1.0};
  rejects(bad_time, "resume_from[2].finished_at");
  auto bad_focus = trials;
  bad_focus[1].fits[1].focus.mean[0] = 1.5;
  rejects(bad_focus, "resume_from[1].fits.erf.focus.mean[0]");
  auto bad_average = trials;
  bad_average[0].fits[0].log_average = NAN;
  rejects(bad_average, "resume_from[0].fits.stretch.log_average");
  CHECK(measurer.calls() == 0);
}

}  // namespace trexsearch::plr

namespace trexsearch::plr {

TEST_CASE("searches over wide ranges of SUTs and configs never produce NaN or crash") {
  Random random(2024);
  for (int run = 0; run < 12; ++run) {
    PlrConfig config;
    config.target_loss_ratio = std::pow(10.0, -1.0 - 8.0 * random.uniform());
    config.min_load_pps = std::pow(10.0, 6.0 * random.uniform());
    config.max_load_pps = config.min_load_pps * std::pow(10.0, 0.5 + 6.0 * random.uniform());
    config.trial_duration_first = measure::Seconds{0.1 + 10.0 * random.uniform()};
    config.trial_duration_increment = measure::Seconds{random.uniform()};
    config.time_budget = config.trial_duration_first * 8.0;
    config.samples_per_trial = 300;
    config.likelihood = run % 3 == 0 ? LikelihoodKind::poisson : LikelihoodKind::geometric;
    config.seed = static_cast<std::uint64_t>(run);
    const double mrr = config.max_load_pps * std::pow(10.0, 2.0 * random.uniform() - 1.5);
    const double spread = mrr * std::pow(10.0, -6.0 * random.uniform());
    CAPTURE(run);
    CAPTURE(config.min_load_pps);
    CAPTURE(config.max_load_pps);
    CAPTURE(mrr);
    CAPTURE(spread);
    measure::ManualClock clock;
    test::FakeSoakMeasurer measurer(clock, mrr, spread, static_cast<std::uint64_t>(run));
    const PlrResult result = SoakSearch(config, clock).run(measurer);
    CHECK(result.stop_reason == PlrStopReason::time_budget);
    for (const PlrTrial& trial : result.trials) {
      CHECK(trial.result.intended_load_pps() >= config.min_load_pps);
      CHECK(trial.result.intended_load_pps() <= config.max_load_pps);
      REQUIRE(trial.estimate.has_value());
      CHECK(std::isfinite(trial.estimate->average_pps));
      CHECK(std::isfinite(trial.estimate->stdev_pps));
      CHECK(trial.estimate->lower_pps > 0.0);
      for (const FitEstimate& fit : trial.fits) {
        CHECK(std::isfinite(fit.focus.mean[0]));
        CHECK(std::isfinite(fit.focus.covariance[2]));
      }
    }
  }
}

}  // namespace trexsearch::plr
