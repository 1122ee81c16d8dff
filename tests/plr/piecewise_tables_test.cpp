// The erf fit's table polynomials (plr/math/log1p_exp.hpp, plr/math/erf_log_a.hpp) against long
// double libm: within 2 ulps across their ranges, at the pieces' edges and at the tables' ends.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>
#include <vector>

#include "plr/math/erf_log_a.hpp"
#include "plr/math/log1p_exp.hpp"
#include "plr/random.hpp"

namespace trexsearch::plr {
namespace {

/// |actual - exact| in ulps of the double nearest to exact.
double ulps(double actual, long double exact) {
  const double rounded = static_cast<double>(exact);
  const double ulp =
      std::nextafter(std::fabs(rounded), 2.0 * std::fabs(rounded) + 1.0) - std::fabs(rounded);
  return static_cast<double>(std::fabs(static_cast<long double>(actual) - exact) / ulp);
}

/// Random points on [0, end), every piece boundary k/8 and its neighbours, and `extra`.
std::vector<double> points(double end, std::vector<double> extra) {
  Random random(11);
  std::vector<double> x = std::move(extra);
  for (int i = 0; i < 200000; ++i) x.push_back(end * random.uniform());
  for (int k = 0; k * 0.125 < end + 0.1; ++k) {
    const double edge = k * 0.125;  // exact: 0.125 is a power of two
    x.push_back(edge);
    x.push_back(std::nextafter(edge, 0.0));
    x.push_back(std::nextafter(edge, end + 1.0));
  }
  return x;
}

}  // namespace

TEST_CASE("log1p_exp_neg is within 2 ulps of log(1 + e^-x) on [0, 60]") {
  double worst_ulps = 0.0;
  for (double x : points(60.0, {0.0, 19.999, 20.0, 40.0, 700.0, 745.0})) {
    const long double exact = std::log1p(std::exp(-static_cast<long double>(x)));
    const double actual = log1p_exp_neg(x);
    CAPTURE(x);
    REQUIRE(std::isfinite(actual));
    worst_ulps = std::max(worst_ulps, ulps(actual, exact));
  }
  CAPTURE(worst_ulps);
  CHECK(worst_ulps <= 2.0);
  CHECK(log1p_exp_neg(0.0) == doctest::Approx(std::numbers::ln2).epsilon(1e-16));
  CHECK(log1p_exp_neg(800.0) == 0.0);
  CHECK(log1p_exp_neg(std::numeric_limits<double>::infinity()) == 0.0);
}

TEST_CASE("erf_log_a is within 2 ulps of log(sqrt(2/pi) - x erfcx(x)) on [0, 26)") {
  const long double c = std::sqrt(2.0L / std::numbers::pi_v<long double>);
  double worst_ulps = 0.0;
  for (double x : points(kErfLogAEnd, {0.0, std::nextafter(kErfLogAEnd, 0.0)})) {
    if (!(x < kErfLogAEnd)) continue;
    const long double lx = x;
    const long double exact = std::log(c - lx * std::exp(lx * lx) * std::erfc(lx));
    CAPTURE(x);
    worst_ulps = std::max(worst_ulps, ulps(erf_log_a(x), exact));
  }
  CAPTURE(worst_ulps);
  CHECK(worst_ulps <= 2.0);
}

}  // namespace trexsearch::plr
