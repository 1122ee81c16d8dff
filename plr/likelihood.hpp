#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <string_view>

#include "plr/math/log1p_exp.hpp"
#include "plr/math/log_math.hpp"
#include "plr/stored_trial.hpp"

namespace trexsearch::plr {

/// Distribution of a trial's loss count given its expected value lambda.
enum class LikelihoodKind {
  /// The reference's (since 2020-10): P(k) = (1/(1+lambda)) (lambda/(1+lambda))^k.
  geometric,
  /// draft-02 section 4.3.1: P(k) = lambda^k e^-lambda / k!.
  poisson,
};

/// "geometric" or "poisson".
constexpr std::string_view to_string(LikelihoodKind kind) {
  return kind == LikelihoodKind::geometric ? "geometric" : "poisson";
}

/// The inverse of to_string; absent for any other text (for config codecs).
constexpr std::optional<LikelihoodKind> likelihood_kind_from_string(std::string_view text) {
  if (text == "geometric") return LikelihoodKind::geometric;
  if (text == "poisson") return LikelihoodKind::poisson;
  return std::nullopt;
}

/// The geometric log P(k | lambda) = -k softplus(-z) - softplus(z), z = log lambda, given z and
/// t = e^-|z| (a caller that has lambda as a number gets t without an exp). With
/// l = log1p(t) = softplus(-|z|), softplus(z) = l + max(z, 0) and softplus(-z) = l + max(-z, 0):
/// both terms are negative, so nothing cancels even for huge k, and there is no branch on the
/// sign of z (which a converged soak's trials flip at random). For |z| > 40, l = t exactly.
/// Finite or -inf, never NaN (for z not NaN).
inline double log_geometric_likelihood(double z, double t, double loss_count) {
  const double l = log1p_small(t);
  const double softplus_pos = l + std::max(z, 0.0);
  const double softplus_neg = l + std::max(-z, 0.0);
  // 0 * inf (z = -inf, no loss) would be NaN; the likelihood of no loss is then 1.
  const double loss_term = loss_count == 0.0 ? 0.0 : loss_count * softplus_neg;
  return -loss_term - softplus_pos;
}

/// log P(k | lambda) for one trial, from log lambda. Finite or -inf, never NaN. The fits
/// without a loss rate as a number (erf) use this; within a few ulps of the formula with exp
/// and log1p (tests/plr/likelihood_equivalence_test.cpp).
inline double log_trial_likelihood(double log_lambda, double loss_count, LikelihoodKind kind) {
  if (kind == LikelihoodKind::poisson) {
    if (loss_count == 0.0) return -std::exp(log_lambda);
    return loss_count * log_lambda - std::exp(log_lambda);  // minus log k!, added by the caller
  }
  // Geometric: -k log(1 + 1/lambda) - log(1 + lambda) = -k softplus(-z) - softplus(z), z = log
  // lambda; both terms are negative, so no cancellation even for huge k. Both softplus values
  // come from l = softplus(-|z|) = log(1 + e^-|z|): one table polynomial (plr/log1p_exp.cpp)
  // where this took an exp and a log1p, two thirds of the erf fit's time per stored trial.
  const double z = log_lambda;
  const double l = log1p_exp_neg(std::fabs(z));
  const double softplus_pos = l + std::max(z, 0.0);
  const double softplus_neg = l + std::max(-z, 0.0);
  if (loss_count == 0.0) return -softplus_pos;
  return -loss_count * softplus_neg - softplus_pos;
}

/// The geometric log P of one stored trial under `fit`. A fit that offers its loss rate as a
/// number too (`loss_rate(load)` with `log_pps` and `pps`, the stretch fit) gives lambda by a
/// multiplication, and e^-|z| as lambda or 1/lambda, instead of an exp; the same value to a few
/// ulps (tests/plr/likelihood_equivalence_test.cpp).
template <class Fit>
double log_geometric_trial(const Fit& fit, const StoredTrial& trial) {
  if constexpr (requires { fit.loss_rate(trial.load_pps).pps; }) {
    const auto rate = fit.loss_rate(trial.load_pps);
    const double z = rate.log_pps + trial.log_count_per_load;
    const double lambda = rate.pps * trial.count_per_load;
    // pps is 0 where the fit had no accurate number; a subnormal or infinite product (odd
    // counts) would have lost digits where the exp does not.
    if (lambda >= std::numeric_limits<double>::min() &&
        lambda <= std::numeric_limits<double>::max()) {
      return log_geometric_likelihood(z, std::min(lambda, 1.0 / lambda), trial.loss_count);
    }
    return log_geometric_likelihood(z, std::exp(-std::fabs(z)), trial.loss_count);
  } else {
    return log_trial_likelihood(fit.log_loss_rate(trial.load_pps) + trial.log_count_per_load,
                                trial.loss_count, LikelihoodKind::geometric);
  }
}

/// log of the likelihood of all stored trials for one point of parameter space (draft-02
/// section 4.3.1; reference: expected loss count lambda = r(L)/L * offered count).
/// Summed in trial order. Finite or -inf, never NaN.
template <class Fit>
double log_likelihood(const Fit& fit, std::span<const StoredTrial> trials, LikelihoodKind kind) {
  double sum = 0.0;
  if (kind == LikelihoodKind::poisson) {
    for (const StoredTrial& trial : trials) {
      const double log_lambda = fit.log_loss_rate(trial.load_pps) + trial.log_count_per_load;
      sum += log_trial_likelihood(log_lambda, trial.loss_count, kind);
      sum -= trial.log_loss_factorial;
    }
    return sum;
  }
  for (const StoredTrial& trial : trials) sum += log_geometric_trial(fit, trial);
  return sum;
}

}  // namespace trexsearch::plr
