// The likelihoods were restructured for speed over long soaks (see docs/plrsearch.md
// "Throughput"): the stretch fit's per-sample likelihood takes fewer exp/log1p calls per stored
// trial, and the erf fit's takes log(1 + e^-|z|) and, on the low-loss side, log(c - chi
// erfcx(chi)) from table polynomials. Their float operations are not the old ones, so these
// tests pin them to the previous formulas: the log-likelihood within a tight relative tolerance
// on random trial sets (zero loss, full loss, huge counts, loads far from the critical load, and
// for erf trials placed across the table's range), and whole seeded computations and searches
// within the integrator's own reported stdev of the results the previous code gave.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <stop_token>
#include <vector>

#include "measure/clock.hpp"
#include "plr/integration_pool.hpp"
#include "plr/likelihood.hpp"
#include "plr/math/erf_fit.hpp"
#include "plr/math/erfcx.hpp"
#include "plr/math/log_math.hpp"
#include "plr/math/stretch_fit.hpp"
#include "plr/prior.hpp"
#include "plr/random.hpp"
#include "plr/soak_search.hpp"
#include "plr/stored_trial.hpp"
#include "sim/sut_measurer.hpp"
#include "sim/sut_model.hpp"
#include "tests/support/clocked_measurer.hpp"

namespace trexsearch::plr {
namespace {

/// The per-trial formula as it was before the restructuring: std::log1p and std::exp, from
/// log lambda only.
double previous_trial_term(double log_lambda, double loss_count, LikelihoodKind kind) {
  if (kind == LikelihoodKind::poisson) {
    if (loss_count == 0.0) return -std::exp(log_lambda);
    return loss_count * log_lambda - std::exp(log_lambda);
  }
  const double z = log_lambda;
  double softplus_pos = 0.0;
  double softplus_neg = 0.0;
  if (z > kLogNegligible) {
    softplus_neg = std::exp(-z);
    softplus_pos = z;
  } else if (z < -kLogNegligible) {
    softplus_pos = std::exp(z);
    softplus_neg = -z;
  } else if (z > 0.0) {
    softplus_neg = std::log1p(std::exp(-z));
    softplus_pos = z + softplus_neg;
  } else {
    softplus_pos = std::log1p(std::exp(z));
    softplus_neg = softplus_pos - z;
  }
  if (loss_count == 0.0) return -softplus_pos;
  return -loss_count * softplus_neg - softplus_pos;
}

/// The previous log-likelihood: sum in trial order of the previous per-trial terms.
template <class LogRate>
double previous_log_likelihood(const LogRate& log_rate, const std::vector<StoredTrial>& trials,
                               LikelihoodKind kind) {
  double sum = 0.0;
  for (const StoredTrial& trial : trials) {
    sum += previous_trial_term(log_rate(trial.load_pps) + trial.log_count_per_load,
                               trial.loss_count, kind);
    if (kind == LikelihoodKind::poisson) sum -= trial.log_loss_factorial;
  }
  return sum;
}

/// The erf fit's log r(L) as it was before erf_log_a: where the fit now takes log(c - chi
/// erfcx(chi)) from its table (0 <= chi < 26, e^Q negligible), the previous erfcx and std::log;
/// elsewhere the fit's own, whose operations did not change. log_norm, u and chi are formed as
/// ErfFit forms them, so the branch is the same.
double previous_erf_log_loss_rate(const ErfFit& fit, double mrr_pps, double spread_pps,
                                  double load_pps) {
  const double inv_spread = 1.0 / spread_pps;
  const double chi0 = mrr_pps / spread_pps;
  const double u = load_pps * inv_spread;
  const double chi = (mrr_pps - load_pps) * inv_spread;
  if (u * std::max(1.0, chi0) >= ErfFit::kSeriesLimit && chi >= 0.0 && chi < kErfLogAEnd &&
      u * (chi0 + chi) > kLogNegligible + 5.0) {
    const double log_norm = std::log(spread_pps) - std::log(std::erfc(-chi0));
    return log_norm + (-chi * chi + std::log(ErfFit::kC - chi * erfcx(chi)));
  }
  return fit.log_loss_rate(load_pps);
}

/// Trials where the erf fit's new arithmetic is used: chi = (m - L)/a across the table (0 to
/// 26), both sides of its ends, and the other branches' edges; counts that put log lambda
/// anywhere in [-45, 45] (the softplus table ends at 20, the previous shortcuts at 40), loss
/// counts zero, one frame, about lambda, full, or anything in between.
std::vector<StoredTrial> erf_table_trials(Random& random, const FitParameters& p, const ErfFit& fit,
                                          int count) {
  std::vector<StoredTrial> trials;
  for (int i = 0; i < count; ++i) {
    const double pick_chi = random.uniform();
    double chi = 30.0 * random.uniform();
    if (pick_chi < 0.2) chi = -1.5 + 1.5 * random.uniform();
    if (pick_chi > 0.9) chi = 26.0 + 0.01 * random.uniform_symmetric();
    if (pick_chi > 0.95) chi = 0.01 * random.uniform_symmetric();
    const double load = std::max(1.0, p.mrr_pps - p.spread_pps * chi);
    const double log_lambda = 45.0 * random.uniform_symmetric();
    const double log_count = log_lambda - (fit.log_loss_rate(load) - std::log(load));
    const double offered = std::round(std::exp(std::clamp(log_count, 0.0, std::log(1e15))));
    const double lambda = std::exp(log_lambda);
    const double pick = random.uniform();
    double loss = std::round(offered * random.uniform());
    if (pick < 0.2) loss = 0.0;
    if (pick >= 0.2 && pick < 0.3) loss = std::min(1.0, offered);
    if (pick >= 0.3 && pick < 0.6) loss = std::min(std::round(lambda), offered);
    if (pick >= 0.6 && pick < 0.7) loss = offered;
    trials.push_back(StoredTrial::from_counts(load, static_cast<std::int64_t>(offered),
                                              static_cast<std::int64_t>(loss)));
  }
  return trials;
}

/// A random trial set around `center_pps`: loads from 1e-4 to 1e4 times it (so far below and
/// far above any critical load), offered counts from 0 to 1e13, loss counts zero, full,
/// one frame, or anything in between.
std::vector<StoredTrial> random_trials(Random& random, double center_pps, int count) {
  std::vector<StoredTrial> trials;
  for (int i = 0; i < count; ++i) {
    const double spread_decades = random.uniform() < 0.5 ? 0.02 : 4.0;
    const double load =
        std::max(1.0, center_pps * std::pow(10.0, spread_decades * random.uniform_symmetric()));
    const double count_scale = std::pow(10.0, 13.0 * random.uniform());
    const auto offered = static_cast<std::int64_t>(random.uniform() < 0.02 ? 0.0 : count_scale);
    std::int64_t loss = 0;
    const double pick = random.uniform();
    if (pick < 0.3) {
      loss = 0;
    } else if (pick < 0.4) {
      loss = offered;
    } else if (pick < 0.5) {
      loss = std::min<std::int64_t>(1, offered);
    } else {
      loss = static_cast<std::int64_t>(static_cast<double>(offered) *
                                       std::pow(10.0, -12.0 * random.uniform()));
    }
    trials.push_back(StoredTrial::from_counts(load, offered, loss));
  }
  return trials;
}

/// |actual - expected| within `relative` of |expected|, or both the same infinity.
bool close(double actual, double expected, double relative) {
  if (std::isinf(expected) || std::isinf(actual)) return actual == expected;
  return std::fabs(actual - expected) <= relative * std::fabs(expected) + 1e-300;
}

constexpr double kMaxLoadPps = 1.488e7;

/// Parameters from the whole prior, the square's edges included.
FitParameters random_parameters(Random& random) {
  auto coordinate = [&] {
    const double pick = random.uniform();
    if (pick < 0.05) return std::nextafter(1.0, 0.0);
    if (pick < 0.1) return std::nextafter(-1.0, 0.0);
    return random.uniform_symmetric();
  };
  const double x_mrr = coordinate();
  return parameters_from_unit_square(x_mrr, coordinate(), kMaxLoadPps);
}

}  // namespace

TEST_CASE("log1p_small is within 2.5 ulps of log(1 + x) on [0, 1]") {
  Random random(5);
  double worst_ulps = 0.0;
  // The ends, and both sides of each branch boundary (2^-27, 0.07).
  const std::array<double, 7> edges = {
      0.0, 1.0, 0x1p-53, std::nextafter(0x1p-27, 0.0), 0x1p-27, 0.07, std::nextafter(0.07, 0.0)};
  for (std::size_t i = 0; i < 400000; ++i) {
    double x = i % 2 == 0 ? random.uniform() : std::exp(-60.0 * random.uniform());
    if (i < edges.size()) x = edges[i];
    const long double exact = std::log1p(static_cast<long double>(x));
    const double actual = log1p_small(x);
    if (x == 0.0) {
      CHECK(actual == 0.0);
      continue;
    }
    const double rounded = static_cast<double>(exact);
    const double ulp = std::nextafter(rounded, 2.0) - rounded;
    worst_ulps = std::max(worst_ulps, static_cast<double>(std::fabs(actual - exact) / ulp));
  }
  CAPTURE(worst_ulps);
  CHECK(worst_ulps <= 2.5);
}

namespace {

// The new log-likelihood against the previous formula's: within 1e-13 relative
// (never NaN); returns the relative difference for the worst-case message.
double checked_difference(double actual, double expected) {
  CAPTURE(expected);
  CAPTURE(actual);
  REQUIRE_FALSE(std::isnan(actual));
  CHECK(close(actual, expected, 1e-13));
  if (!std::isfinite(expected) || expected == 0.0) return 0.0;
  return std::fabs(actual - expected) / std::fabs(expected);
}

}  // namespace

TEST_CASE("the stretch likelihood matches the previous formula on random trial sets") {
  Random random(17);
  double worst = 0.0;
  for (int set = 0; set < 3000; ++set) {
    const FitParameters p = random_parameters(random);
    const StretchFit fit(p.mrr_pps, p.spread_pps);
    const double center = std::min(p.mrr_pps, 1e12);
    const std::vector<StoredTrial> trials = random_trials(random, center, 1 + set % 40);
    for (LikelihoodKind kind : {LikelihoodKind::geometric, LikelihoodKind::poisson}) {
      const double expected = previous_log_likelihood(
          [&](double load) { return fit.log_loss_rate(load); }, trials, kind);
      const double actual = log_likelihood(fit, trials, kind);
      CAPTURE(set);
      CAPTURE(p.mrr_pps);
      CAPTURE(p.spread_pps);
      worst = std::max(worst, checked_difference(actual, expected));
    }
  }
  MESSAGE("stretch: worst relative difference " << worst);  // shown with -s
}

TEST_CASE("the erf likelihood matches the previous formula on random trial sets") {
  Random random(23);
  double worst = 0.0;
  for (int set = 0; set < 6000; ++set) {
    const FitParameters p = random_parameters(random);
    const ErfFit fit(p.mrr_pps, p.spread_pps);
    const double center = std::min(p.mrr_pps, 1e12);
    // Half the sets as the stretch test draws them, half across erf_log_a's table.
    const std::vector<StoredTrial> trials = set % 2 == 0
                                                ? random_trials(random, center, 1 + set % 40)
                                                : erf_table_trials(random, p, fit, 1 + set % 40);
    for (LikelihoodKind kind : {LikelihoodKind::geometric, LikelihoodKind::poisson}) {
      const double expected = previous_log_likelihood(
          [&](double load) {
            return previous_erf_log_loss_rate(fit, p.mrr_pps, p.spread_pps, load);
          },
          trials, kind);
      const double actual = log_likelihood(fit, trials, kind);
      CAPTURE(set);
      CAPTURE(p.mrr_pps);
      CAPTURE(p.spread_pps);
      worst = std::max(worst, checked_difference(actual, expected));
    }
  }
  MESSAGE("erf: worst relative difference " << worst);  // shown with -s
}

TEST_CASE("a seeded computation over 300 stored trials stays within its stdev of the previous") {
  // Trials of a converged soak (loads within 1 % of 8.84e6 pps on a stretch SUT with
  // mrr 1e7, spread 1e5), counts at their expected value.
  const StretchFit truth(1e7, 1e5);
  Random random(41);
  auto trials = std::make_shared<std::vector<StoredTrial>>();
  for (int i = 0; i < 300; ++i) {
    const double load = 8.836e6 * (1.0 + 0.01 * random.uniform_symmetric());
    const double offered = std::round(load * (5.1 + 0.1 * i));
    const double lambda = std::exp(truth.log_loss_rate(load)) / load * offered;
    trials->push_back(StoredTrial::from_counts(load, static_cast<std::int64_t>(offered),
                                               static_cast<std::int64_t>(std::round(lambda))));
  }
  IntegrationSettings settings;
  settings.min_load_pps = 9001.0;
  settings.max_load_pps = kMaxLoadPps;
  settings.log_target_loss_ratio = std::log(1e-7);
  settings.seed = 7;
  settings.samples_per_trial = 6000;
  settings.samples_per_chunk = 2000;
  IntegrationPool pool(settings);
  pool.start(IntegrationJob{1, trials, {FocusState{}, FocusState{}}});
  const auto result = pool.finish();
  REQUIRE(result.has_value());
  // What the previous code gave (same seed, same chunks): a change of the float order moves
  // the estimate by rounding, far less than the integrator's own stdev.
  const double previous_log_average[2] = {0x1.ffd1e997fad3ap+3, 0x1.ffd1612f5b55cp+3};
  const double previous_log_variance[2] = {0x1.15221593e13bfp-21, 0x1.f40291d9cdcc7p-22};
  for (FitShape shape : kFitShapes) {
    const std::size_t fit = index_of(shape);
    const FitEstimate& estimate = (*result)[fit];
    CAPTURE(to_string(shape));
    REQUIRE(estimate.log_average.has_value());
    CHECK(std::fabs(*estimate.log_average - previous_log_average[fit]) <=
          std::sqrt(previous_log_variance[fit]));
    CHECK(estimate.log_variance == doctest::Approx(previous_log_variance[fit]).epsilon(0.01));
    // The erf fit's float operations changed by rounding only (its tables are within an ulp or
    // so of erfcx, log, exp and log1p): the estimate moves by rounding (2.3e-14 seen), not by
    // a different trajectory of the chain, which would move it by up to its stdev (~4e-5).
    if (shape == FitShape::erf) {
      CHECK(std::fabs(*estimate.log_average - previous_log_average[fit]) <=
            1e-12 * previous_log_average[fit]);
    }
  }
}

TEST_CASE("a seeded 5-minute soak stays within its stdev of the previous estimate") {
  const sim::SutOptions options{{"capacity_pps", 1e7}, {"spread_pps", 1e5}};
  PlrConfig config;
  config.min_load_pps = 9001.0;
  config.max_load_pps = kMaxLoadPps;
  config.time_budget = measure::Seconds{300.0};
  config.samples_per_trial = 2000;
  config.seed = 1;
  measure::ManualClock clock;
  sim::SutMeasurer sut(sim::make_sut("soak", options, 1));
  test_support::ClockedMeasurer measurer(sut, clock, measure::Seconds{0.5});
  const PlrResult result = SoakSearch(config, clock).run(measurer);
  REQUIRE(result.estimate.has_value());
  // The previous code's search: 40 trials, this estimate and these final fits.
  CHECK(result.trials.size() == 40);
  CHECK(std::fabs(result.estimate->average_pps - 0x1.0db7900dec939p+23) <= 0x1.0712130b2dep+14);
  const double previous_log_average[2] = {0x1.ffd0e6cc69795p+3, 0x1.ffd6492e3b3c3p+3};
  const double previous_log_variance[2] = {0x1.35648debf47edp-18, 0x1.466167db20162p-19};
  for (FitShape shape : kFitShapes) {
    const std::size_t fit = index_of(shape);
    const FitEstimate& estimate = result.trials.back().fits[fit];
    CAPTURE(to_string(shape));
    REQUIRE(estimate.log_average.has_value());
    CHECK(std::fabs(*estimate.log_average - previous_log_average[fit]) <=
          std::sqrt(previous_log_variance[fit]));
  }
}

}  // namespace trexsearch::plr
