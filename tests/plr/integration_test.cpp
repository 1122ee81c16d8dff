// The importance-sampling integrator against a brute-force posterior, its determinism, and
// the worker pool (deterministic chunking independent of thread count, real-time stop).
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "plr/integration_chain.hpp"
#include "plr/integration_pool.hpp"
#include "plr/math/stretch_fit.hpp"
#include "plr/random.hpp"

namespace trexsearch::plr {
namespace {

/// Trials of one second against a stretch-shaped SUT, loss counts at their expected value.
std::shared_ptr<const std::vector<StoredTrial>> make_trials(std::initializer_list<double> loads) {
  const StretchFit truth(9e6, 3e5);
  auto trials = std::make_shared<std::vector<StoredTrial>>();
  for (double load : loads) {
    const double lambda = std::exp(truth.log_loss_rate(load));
    trials->push_back(StoredTrial::from_counts(load, static_cast<std::int64_t>(load),
                                               static_cast<std::int64_t>(std::round(lambda))));
  }
  return trials;
}

IntegrationProblem problem(FitShape shape, std::shared_ptr<const std::vector<StoredTrial>> trials) {
  return IntegrationProblem{shape,          std::move(trials),         9001.0, 1.488e7,
                            std::log(1e-7), LikelihoodKind::geometric, 5.0};
}

struct Moments {
  double mean;
  double stdev;
};

/// Posterior mean and stdev of log critical load by the midpoint rule on an n x n grid over the
/// unit square (uniform prior). Accurate only for smooth posteriors (the prior alone): with data
/// the likelihood has ridges a grid cannot resolve.
Moments grid_posterior(const IntegrationProblem& p, int n) {
  const double h = 2.0 / n;
  double sum_w = 0.0;
  double sum_wv = 0.0;
  double sum_wvv = 0.0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const SampleValue v = evaluate_sample(p, {-1.0 + (i + 0.5) * h, -1.0 + (j + 0.5) * h});
      const double w = std::exp(v.log_likelihood);
      sum_w += w;
      sum_wv += w * v.log_critical_load;
      sum_wvv += w * v.log_critical_load * v.log_critical_load;
    }
  }
  const double mean = sum_wv / sum_w;
  return {mean, std::sqrt(sum_wvv / sum_w - mean * mean)};
}

struct MonteCarlo {
  Moments moments;
  double standard_error;
};

/// The posterior by plain Monte Carlo: uniform draws from the prior weighted by likelihood. No
/// focus, no proposal, no dominance rule: an independent check of the integrator.
MonteCarlo prior_sampling_posterior(const IntegrationProblem& p, int draws) {
  Random random(99);
  std::vector<SampleValue> values;
  double max_log_weight = -1e300;
  for (int i = 0; i < draws; ++i) {
    values.push_back(evaluate_sample(p, {random.uniform_symmetric(), random.uniform_symmetric()}));
    max_log_weight = std::max(max_log_weight, values.back().log_likelihood);
  }
  double sum_w = 0.0;
  double sum_ww = 0.0;
  double sum_wv = 0.0;
  double sum_wvv = 0.0;
  for (const SampleValue& v : values) {
    const double w = std::exp(v.log_likelihood - max_log_weight);
    sum_w += w;
    sum_ww += w * w;
    sum_wv += w * v.log_critical_load;
    sum_wvv += w * v.log_critical_load * v.log_critical_load;
  }
  const double mean = sum_wv / sum_w;
  const double stdev = std::sqrt(sum_wvv / sum_w - mean * mean);
  const double effective_draws = sum_w * sum_w / sum_ww;
  return {{mean, stdev}, stdev / std::sqrt(effective_draws)};
}

ChainLimits samples(std::uint64_t count) {
  ChainLimits limits;
  limits.max_samples = count;
  return limits;
}

IntegrationSettings settings(unsigned threads, std::optional<std::uint64_t> per_trial) {
  IntegrationSettings s;
  s.min_load_pps = 9001.0;
  s.max_load_pps = 1.488e7;
  s.log_target_loss_ratio = std::log(1e-7);
  s.seed = 11;
  s.threads_per_fit = threads;
  s.samples_per_trial = per_trial;
  s.samples_per_chunk = 700;
  s.min_samples_per_trial = 500;
  return s;
}

}  // namespace

TEST_CASE("with no trials the integrator reproduces the prior's moments") {
  // The weights are then the importance corrections alone, so this checks the d/(2 scale)
  // rarity term: without it the mean would be biased towards the focus.
  for (FitShape shape : kFitShapes) {
    CAPTURE(to_string(shape));
    const IntegrationProblem p = problem(shape, make_trials({}));
    const Moments exact = grid_posterior(p, 250);
    const ChainResult chain = run_chain(p, FocusState{}, 3, samples(60000));
    CHECK(chain.samples == 60000);
    CHECK(std::fabs(chain.value.primary().average() - exact.mean) < 0.02 * exact.stdev);
    CHECK(std::sqrt(chain.value.primary().variance()) ==
          doctest::Approx(exact.stdev).epsilon(0.02));
  }
}

TEST_CASE("with trials the integrator agrees with plain Monte Carlo over the prior") {
  for (FitShape shape : kFitShapes) {
    CAPTURE(to_string(shape));
    const IntegrationProblem p = problem(shape, make_trials({5e6, 1e7, 8e6}));
    const MonteCarlo reference = prior_sampling_posterior(p, 200000);
    // The posterior is much narrower than the prior (stdev 0.18 against 2.7).
    REQUIRE(reference.moments.stdev < 0.3);
    const ChainResult chain = run_chain(p, FocusState{}, 3, samples(60000));
    CHECK(std::fabs(chain.value.primary().average() - reference.moments.mean) <
          4.0 * reference.standard_error + 0.05 * reference.moments.stdev);
    CHECK(std::sqrt(chain.value.primary().variance()) ==
          doctest::Approx(reference.moments.stdev).epsilon(0.05));
  }
}

TEST_CASE("a chain is a pure function of its seed") {
  const IntegrationProblem p = problem(FitShape::erf, make_trials({5e6, 8e6}));
  const ChainResult a = run_chain(p, FocusState{}, 5, samples(2000));
  const ChainResult b = run_chain(p, FocusState{}, 5, samples(2000));
  const ChainResult c = run_chain(p, FocusState{}, 6, samples(2000));
  CHECK(a.value == b.value);
  CHECK(a.focus.state() == b.focus.state());
  CHECK_FALSE(a.value == c.value);
}

TEST_CASE("hopeless data gives a finite estimate, never NaN") {
  // Total loss at min load and no loss at max load: no parameters explain both.
  auto trials = std::make_shared<std::vector<StoredTrial>>();
  trials->push_back(StoredTrial::from_counts(9001.0, 9001, 9001));
  trials->push_back(StoredTrial::from_counts(1.488e7, 14880000, 0));
  for (FitShape shape : kFitShapes) {
    const ChainResult chain = run_chain(problem(shape, trials), FocusState{}, 1, samples(3000));
    CHECK(chain.samples == 3000);
    CHECK_FALSE(std::isnan(chain.value.primary().average()));
    CHECK_FALSE(std::isnan(chain.value.pessimistic_variance()));
    CHECK(std::isfinite(chain.focus.state().mean[0]));
  }
}

TEST_CASE("deterministic pool results do not depend on the number of threads") {
  const IntegrationJob job{7, make_trials({5e6, 1e7, 8e6}), {FocusState{}, FocusState{}}};
  std::optional<std::array<FitEstimate, 2>> results[3];
  const unsigned threads[3] = {1, 2, 3};
  for (int i = 0; i < 3; ++i) {
    IntegrationPool pool(settings(threads[i], 2000));  // chunks of 700, 700, 600
    CHECK(pool.thread_count() == 2 * threads[i]);
    pool.start(job);
    results[i] = pool.finish();
    REQUIRE(results[i].has_value());
  }
  CHECK(results[0] == results[1]);
  CHECK(results[0] == results[2]);
  CHECK((*results[0])[0].samples == 2000);
  CHECK((*results[0])[1].samples == 2000);
  // And they are the chunks merged in order.
  for (FitShape shape : kFitShapes) {
    const std::size_t fit = index_of(shape);
    IntegrationProblem p = problem(shape, job.trials);
    DualTracker value;
    FocusTracker focus;
    const std::uint64_t sizes[3] = {700, 700, 600};
    for (std::uint64_t chunk = 0; chunk < 3; ++chunk) {
      const ChainResult chain =
          run_chain(p, FocusState{}, derive_seed(11, 7, fit, chunk), samples(sizes[chunk]));
      value = DualTracker::merged(value, chain.value);
      focus = FocusTracker::merged(focus, chain.focus);
    }
    CHECK((*results[0])[fit] == FitEstimate::from(value, focus, 2000));
  }
}

TEST_CASE("two searches sharing one slot get the same deterministic results as alone") {
  const IntegrationJob job{7, make_trials({5e6, 1e7, 8e6}), {FocusState{}, FocusState{}}};
  IntegrationPool alone(settings(2, 2000));
  alone.start(job);
  const auto expected = alone.finish();
  REQUIRE(expected.has_value());
  // Two pools of two workers per fit take turns on one slot: every worker waits its
  // turn after each batch, and each pool's numbers stay what they are alone.
  WorkGate gate(1);
  IntegrationSettings shared = settings(2, 2000);
  shared.gate = &gate;
  IntegrationPool first(shared);
  IntegrationPool second(shared);
  first.start(job);
  second.start(job);
  CHECK(first.finish() == expected);
  CHECK(second.finish() == expected);
  CHECK(gate.busy() == 0);
  CHECK(gate.waiting() == 0);
}

TEST_CASE("a real-time computation runs until finish() and draws at least its minimum") {
  IntegrationPool pool(settings(1, std::nullopt));
  pool.start(IntegrationJob{1, make_trials({5e6}), {FocusState{}, FocusState{}}});
  const auto first = pool.finish();
  REQUIRE(first.has_value());
  CHECK((*first)[0].samples >= 500);
  CHECK((*first)[1].samples >= 500);
  CHECK((*first)[0].log_average.has_value());
  // The same workers serve the next computation.
  pool.start(IntegrationJob{2, make_trials({5e6, 8e6}), {(*first)[0].focus, (*first)[1].focus}});
  const auto second = pool.finish();
  REQUIRE(second.has_value());
  CHECK((*second)[1].samples >= 500);
}

TEST_CASE("an aborted pool stops at once and reports no result") {
  IntegrationSettings huge = settings(2, 1'000'000'000'000);
  huge.samples_per_chunk = 100'000'000'000;  // chunks no worker could finish
  IntegrationPool pool(huge);
  pool.start(IntegrationJob{1, make_trials({5e6, 1e7}), {FocusState{}, FocusState{}}});
  pool.abort();
  CHECK_FALSE(pool.finish().has_value());
}

TEST_CASE("on_thread_start runs once on each worker thread, before the workers serve a job") {
  std::mutex mutex;
  std::multiset<std::thread::id> started;
  IntegrationSettings with_hook = settings(2, 1400);
  with_hook.on_thread_start = [&] {
    std::lock_guard lock(mutex);
    started.insert(std::this_thread::get_id());
  };
  {
    IntegrationPool pool(with_hook);
    pool.start(IntegrationJob{1, make_trials({5e6}), {FocusState{}, FocusState{}}});
    REQUIRE(pool.finish().has_value());
    // Every worker took part in a computation, so each has run its hook by now.
    std::lock_guard lock(mutex);
    CHECK(started.size() == 4);
  }
  // Four distinct threads, none of them this one.
  CHECK(std::set<std::thread::id>(started.begin(), started.end()).size() == 4);
  CHECK(started.count(std::this_thread::get_id()) == 0);
}

}  // namespace trexsearch::plr
