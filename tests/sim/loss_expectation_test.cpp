#include "sim/loss_expectation.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

namespace trexsearch::sim {

TEST_CASE("capped Poisson mean matches hand-computed sums") {
  // E[min(N, 1)] = P(N >= 1) = 1 - e^-mean.
  CHECK(expected_min_poisson(2.0, 1.0) == doctest::Approx(1.0 - std::exp(-2.0)).epsilon(1e-12));
  // E[min(N, 2)] = P(N = 1) + 2 P(N >= 2) = 2 - 2 e^-m - m e^-m.
  const double m = 0.7;
  CHECK(expected_min_poisson(m, 2.0) ==
        doctest::Approx(2.0 - 2.0 * std::exp(-m) - m * std::exp(-m)).epsilon(1e-12));
  // A cap far above the mass leaves the plain mean; a cap of zero gives zero.
  CHECK(expected_min_poisson(1e6, 2e6) == doctest::Approx(1e6).epsilon(1e-15));
  CHECK(expected_min_poisson(5.0, 0.0) == 0.0);
  CHECK(expected_min_poisson(0.0, 5.0) == 0.0);
}

TEST_CASE("capped Poisson mean with the cap at the mean of a large count") {
  // For a large mean N is nearly normal: E[min(N, mean)] = mean - sd * phi(0).
  const double mean = 1e6;
  const double expected = mean - std::sqrt(mean) / std::sqrt(2.0 * std::numbers::pi);
  CHECK(expected_min_poisson(mean, mean) == doctest::Approx(expected).epsilon(1e-6));
}

TEST_CASE("capped binomial mean matches hand-computed sums") {
  // X ~ Bin(3, 1/2): E[min(X, 1)] = P(X >= 1) = 7/8.
  CHECK(expected_min_binomial(3, 0.5, 1.0) == doctest::Approx(0.875).epsilon(1e-12));
  // E[min(X, 2)] = P(1) + 2 P(>= 2) = 3/8 + 2 * 4/8.
  CHECK(expected_min_binomial(3, 0.5, 2.0) == doctest::Approx(1.375).epsilon(1e-12));
  CHECK(expected_min_binomial(1000, 1.0, 400.0) == 400.0);
  CHECK(expected_min_binomial(1000, 0.0, 400.0) == 0.0);
  CHECK(expected_min_binomial(1000000, 0.999, 2e6) == doctest::Approx(999000.0).epsilon(1e-15));
}

TEST_CASE("normal shortfall matches its closed form at easy points") {
  CHECK(expected_shortfall_normal(10.0, 10.0, 2.0) ==
        doctest::Approx(2.0 / std::sqrt(2.0 * std::numbers::pi)).epsilon(1e-14));
  // Far above the mean it is the plain gap; far below, zero.
  CHECK(expected_shortfall_normal(100.0, 10.0, 1.0) == doctest::Approx(90.0).epsilon(1e-14));
  CHECK(expected_shortfall_normal(-100.0, 10.0, 1.0) == doctest::Approx(0.0));
  CHECK(expected_shortfall_normal(12.0, 10.0, 0.0) == 2.0);
  CHECK(expected_shortfall_normal(8.0, 10.0, 0.0) == 0.0);
}

}  // namespace trexsearch::sim
