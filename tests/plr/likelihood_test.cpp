// The likelihood (geometric and Poisson), the model loss count, and the critical-load
// inversion against the reference's bisection.
#include "plr/likelihood.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "measure/trial_result.hpp"
#include "plr/math/critical_load.hpp"
#include "plr/math/erf_fit.hpp"
#include "plr/math/stretch_fit.hpp"
#include "plr/prior.hpp"
#include "plr/stored_trial.hpp"

namespace trexsearch::plr {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

long double geometric_direct(long double lambda, long double k) {
  return k * std::log(lambda / (1.0L + lambda)) - std::log1p(lambda);
}

/// The reference's find_critical_rate: bisection in linear space until the midpoint equals an
/// endpoint.
template <class Fit>
double bisection(const Fit& fit, double lo, double hi, double target) {
  double rate = lo;
  double ratio = -1.0;
  while (ratio != target) {
    rate = (hi + lo) / 2.0;
    if (rate == hi || rate == lo) break;
    ratio = std::exp(fit.log_loss_rate(rate)) / rate;
    if (ratio > target) {
      hi = rate;
    } else if (ratio < target) {
      lo = rate;
    }
  }
  return rate;
}

/// Counts evaluations, to keep the inversion's cost in check.
template <class Fit>
struct Counting {
  const Fit& fit;
  mutable int calls = 0;
  double log_loss_rate(double load) const {
    ++calls;
    return fit.log_loss_rate(load);
  }
  double critical_load_guess(double log_target) const {
    return fit.critical_load_guess(log_target);
  }
  double spread_pps() const { return fit.spread_pps(); }
};

measure::TrialResult trial(double load, std::int64_t offered, std::int64_t loss,
                           std::optional<std::int64_t> intended = std::nullopt) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered;
  outcome.loss_count = loss;
  outcome.intended_count = intended;
  return measure::TrialResult::from_outcome(load, measure::Seconds{1.0}, outcome);
}

}  // namespace

TEST_CASE("the geometric likelihood matches the direct formula from tiny to huge lambda") {
  for (long double lambda : {1e-30L, 1e-5L, 0.3L, 1.0L, 7.0L, 1e5L, 1e30L}) {
    for (long double k : {0.0L, 1.0L, 5.0L, 1e6L}) {
      CAPTURE(static_cast<double>(lambda));
      CAPTURE(static_cast<double>(k));
      const double expected = static_cast<double>(geometric_direct(lambda, k));
      const double actual = log_trial_likelihood(std::log(static_cast<double>(lambda)),
                                                 static_cast<double>(k), LikelihoodKind::geometric);
      CHECK(std::fabs(actual - expected) <= 1e-12 * std::max(1.0, std::fabs(expected)));
    }
  }
}

TEST_CASE("the Poisson likelihood is k log lambda - lambda (log k! added per trial)") {
  CHECK(log_trial_likelihood(std::log(3.0), 0.0, LikelihoodKind::poisson) == doctest::Approx(-3.0));
  CHECK(log_trial_likelihood(std::log(3.0), 2.0, LikelihoodKind::poisson) ==
        doctest::Approx(2.0 * std::log(3.0) - 3.0));
  // Sum over trials subtracts log k!.
  const std::vector<StoredTrial> trials{StoredTrial::from_counts(1e6, 1000000, 4)};
  const StretchFit fit(1.2e6, 1e4);
  const double log_lambda = fit.log_loss_rate(1e6) + std::log(1000000.0 / 1e6);
  CHECK(log_likelihood(fit, trials, LikelihoodKind::poisson) ==
        doctest::Approx(4.0 * log_lambda - std::exp(log_lambda) - std::lgamma(5.0)));
}

TEST_CASE("likelihood kinds round-trip through their names") {
  for (LikelihoodKind kind : {LikelihoodKind::geometric, LikelihoodKind::poisson}) {
    CHECK(likelihood_kind_from_string(to_string(kind)) == kind);
  }
  CHECK_FALSE(likelihood_kind_from_string("binomial").has_value());
}

TEST_CASE("zero expected loss gives likelihood 1 for no loss and 0 (-inf) for any loss, no NaN") {
  for (LikelihoodKind kind : {LikelihoodKind::geometric, LikelihoodKind::poisson}) {
    CHECK(log_trial_likelihood(-kInf, 0.0, kind) == 0.0);
    CHECK(log_trial_likelihood(-kInf, 3.0, kind) == -kInf);
    CHECK(log_trial_likelihood(-1e300, 3.0, kind) <= -1e300);
    CHECK_FALSE(std::isnan(log_trial_likelihood(1e300, 3.0, kind)));
  }
}

TEST_CASE("a trial that offered nothing and lost nothing carries no information") {
  const std::vector<StoredTrial> trials{StoredTrial::from_counts(1e6, 0, 0)};
  CHECK(log_likelihood(StretchFit(1e6, 1e3), trials, LikelihoodKind::geometric) == 0.0);
  CHECK(log_likelihood(ErfFit(1e6, 1e3), trials, LikelihoodKind::geometric) == 0.0);
}

TEST_CASE("the model loss count rounds fractions of at least 0.1 up and counts unsent frames") {
  const auto count = [](const measure::TrialResult& r) {
    return model_loss_count(*r.counts(), r.loss_ratio());
  };
  CHECK(count(trial(1e6, 1000000, 0)) == 0);
  CHECK(count(trial(1e6, 1000000, 5)) == 5);
  CHECK(count(trial(1e6, 10000000, 1)) == 1);  // 1e-7 * 1e7 = 1
  // 0.1 frame rounds up (loss ratio 1e-7 of 1e6 frames), 0.09 does not.
  CHECK(model_loss_count(measure::TrialCounts{1000000, 0, 1000000}, 1e-7) == 1);
  CHECK(model_loss_count(measure::TrialCounts{1000000, 0, 1000000}, 0.9e-7) == 0);
  CHECK(count(trial(1e6, 900, 0, 1000)) == 100);  // 100 unsent
  CHECK(count(trial(1e6, 1000, 1000)) == 1000);   // all lost: capped at intended
  const StoredTrial stored = StoredTrial::from(trial(1e6, 900, 10, 1000));
  CHECK(stored.loss_count == 110.0);
  CHECK(stored.log_count_per_load == doctest::Approx(std::log(900.0 / 1e6)));
}

TEST_CASE("critical load agrees with the reference's bisection to a few ulps, in few steps") {
  const double min_load = 9001.0;
  const double max_load = 1.488e7;
  const double target = 1e-7;
  int worst_calls = 0;
  for (double x_mrr : {-0.9, -0.5, -0.2, 0.0, 0.3, 0.7, 0.95}) {
    for (double x_spread : {-0.95, -0.5, 0.0, 0.5, 0.95}) {
      const FitParameters p = parameters_from_unit_square(x_mrr, x_spread, max_load);
      CAPTURE(p.mrr_pps);
      CAPTURE(p.spread_pps);
      const StretchFit stretch(p.mrr_pps, p.spread_pps);
      const ErfFit erf(p.mrr_pps, p.spread_pps);
      const Counting<StretchFit> counted_stretch{stretch};
      const Counting<ErfFit> counted_erf{erf};
      const double s = critical_load_pps(counted_stretch, min_load, max_load, std::log(target));
      const double e = critical_load_pps(counted_erf, min_load, max_load, std::log(target));
      CHECK(s == doctest::Approx(bisection(stretch, min_load, max_load, target)).epsilon(1e-13));
      CHECK(e == doctest::Approx(bisection(erf, min_load, max_load, target)).epsilon(1e-13));
      CHECK(s >= min_load);
      CHECK(s <= max_load);
      worst_calls = std::max({worst_calls, counted_stretch.calls, counted_erf.calls});
    }
  }
  // The reference needs about 53 evaluations every time.
  CHECK(worst_calls <= 30);
}

TEST_CASE("critical load is clamped to the load interval") {
  // Loses more than the target even at min load, and less than it even at max load.
  const StretchFit lossy(10.0, 5.0);
  const StretchFit clean(1e12, 1e3);
  CHECK(critical_load_pps(lossy, 9001.0, 1e7, std::log(1e-7)) == 9001.0);
  CHECK(critical_load_pps(clean, 9001.0, 1e7, std::log(1e-7)) == 1e7);
}

}  // namespace trexsearch::plr
