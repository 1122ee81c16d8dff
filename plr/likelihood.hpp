#pragma once

#include <cmath>
#include <optional>
#include <span>
#include <string_view>

#include "plr/log_math.hpp"
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

/// log P(k | lambda) for one trial, from log lambda. Finite or -inf, never NaN.
inline double log_trial_likelihood(double log_lambda, double loss_count, LikelihoodKind kind) {
  if (kind == LikelihoodKind::poisson) {
    if (loss_count == 0.0) return -std::exp(log_lambda);
    return loss_count * log_lambda - std::exp(log_lambda);  // minus log k!, added by the caller
  }
  // Geometric: -k log(1 + 1/lambda) - log(1 + lambda) = -k softplus(-z) - softplus(z), z = log
  // lambda; both terms are negative, so no cancellation even for huge k. One exp and one log1p
  // give both softplus values.
  const double z = log_lambda;
  double softplus_pos;
  double softplus_neg;
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

/// log of the likelihood of all stored trials for one point of parameter space (draft-02
/// section 4.3.1; reference: expected loss count lambda = r(L)/L * offered count).
/// Finite or -inf, never NaN.
template <class Fit>
double log_likelihood(const Fit& fit, std::span<const StoredTrial> trials, LikelihoodKind kind) {
  double sum = 0.0;
  for (const StoredTrial& trial : trials) {
    const double log_lambda = fit.log_loss_rate(trial.load_pps) + trial.log_count_per_load;
    sum += log_trial_likelihood(log_lambda, trial.loss_count, kind);
    if (kind == LikelihoodKind::poisson) sum -= trial.log_loss_factorial;
  }
  return sum;
}

}  // namespace trexsearch::plr
