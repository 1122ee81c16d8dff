#include "plr/math/erfcx.hpp"

#include <cmath>
#include <numbers>

namespace trexsearch::plr {
namespace {

#include "plr/math/erfcx_table.inc"

/// e^(x^2) without the rounding of x*x: the low part of the exact square (from fma)
/// multiplies in as 1 + lo, so the result keeps its full precision up to x = 26.
double exp_square(double x) {
  const double hi = x * x;
  const double lo = std::fma(x, x, -hi);
  return std::exp(hi) * (1.0 + lo);
}

/// From here on the asymptotic series is accurate to rounding with few terms (and e^(x^2)
/// erfc(x) would need a subnormal erfc).
constexpr double kAsymptoticFrom = 26.0;

/// erfcx(x) ~ 1/(x sqrt(pi)) * sum_k (-1)^k (2k-1)!! / (2x^2)^k. At x >= 26 the terms fall by
/// a factor of at least 1352/(2k+1), so nine terms reach 2e-19 relative.
double erfcx_asymptotic(double x) {
  const double inv_2x2 = 0.5 / (x * x);  // 0 for x beyond 1e154: the series is then just 1
  double term = 1.0;
  double sum = 1.0;
  for (int k = 1; k <= 9; ++k) {
    term *= -(2.0 * k - 1.0) * inv_2x2;
    sum += term;
  }
  return sum * std::numbers::inv_sqrtpi / x;
}

/// 0 <= x < 26: the generated piecewise polynomials in y = 4/(4 + x) (the mapping of S. G.
/// Johnson's Faddeeva package; the coefficients are our own, see generate_erfcx_table.py).
/// A polynomial instead of exp and erfc: the erf fit calls this once per stored trial.
double erfcx_table(double x) {
  const double y = 4.0 / (4.0 + x);
  const double scaled = kErfcxPieces * y;
  int piece = static_cast<int>(scaled);
  if (piece >= kErfcxPieces) piece = kErfcxPieces - 1;  // x = 0
  const double t = 2.0 * scaled - (2 * piece + 1);
  const double* c = kErfcxTable[piece - kErfcxFirstPiece];
  return c[0] + t * (c[1] + t * (c[2] + t * (c[3] + t * (c[4] + t * (c[5] + t * c[6])))));
}

}  // namespace

double erfcx(double x) {
  if (std::isnan(x)) return x;
  if (x >= kAsymptoticFrom) return erfcx_asymptotic(x);
  if (x >= 0.0) return erfcx_table(x);
  // Reflection erfc(-y) = 2 - erfc(y): both terms positive, and 2 e^(x^2) dominates
  // erfcx(-x) <= 1, so nothing cancels.
  if (x < -26.7) return HUGE_VAL;
  return 2.0 * exp_square(x) - erfcx_table(-x);
}

}  // namespace trexsearch::plr
