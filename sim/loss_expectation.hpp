#pragma once

#include <cstdint>

namespace trexsearch::sim {

// Exact expectations behind the models' expected_loss_ratio(). Counts are capped
// (a SUT cannot lose more frames than it was offered), so the plain mean of the
// distribution is not enough; these sum the probability mass function over the
// tail beyond the cap until further terms cannot change the result.

/// E[min(N, cap)] for N ~ Poisson(mean); mean >= 0, cap >= 0.
double expected_min_poisson(double mean, double cap);

/// E[min(X, cap)] for X ~ Binomial(trials, success_probability); cap >= 0.
double expected_min_binomial(std::int64_t trials, double success_probability, double cap);

/// E[max(0, threshold - Y)] for Y ~ Normal(mean, stddev); stddev >= 0.
double expected_shortfall_normal(double threshold, double mean, double stddev);

}  // namespace trexsearch::sim
