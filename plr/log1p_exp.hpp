#pragma once

#include <cmath>
#include <type_traits>

namespace trexsearch::plr {
namespace log1p_exp_detail {
#include "plr/log1p_exp_table.inc"
}  // namespace log1p_exp_detail

/// log(1 + e^-x) = softplus(-x) for x >= 0 (+inf gives 0), within 2 ulps: the geometric
/// likelihood's per-trial term with one polynomial instead of glibc's exp and log1p, which were
/// two thirds of the erf fit's time per stored trial (docs/plrsearch.md "Throughput"). Inline:
/// the likelihood loop overlaps it with the next trial's work.
inline double log1p_exp_neg(double x) {
  using namespace log1p_exp_detail;
  if (x < kLog1pExpEnd) {
    // The generated piecewise polynomials (plr/generate_piecewise_tables.py): piece i covers
    // [i, i + 1) / kLog1pExpPiecesPerUnit, with t = 2 kLog1pExpPiecesPerUnit x - (2 i + 1) in
    // [-1, 1]; t is exact (a power-of-two multiple of x minus a nearby integer). Estrin's
    // scheme, not Horner's: the dependency chain is three multiply-adds long, not seven, and
    // this chain, not the arithmetic, is what a trial waits for.
    const int piece = static_cast<int>(x * kLog1pExpPiecesPerUnit);
    const double t = (2.0 * kLog1pExpPiecesPerUnit) * x - (2 * piece + 1);
    const double* c = kLog1pExpTable[piece];
    const double t2 = t * t;
    const double t4 = t2 * t2;
    // c[0] (about the result) is added last: one rounding of result size, not three.
    const double low = c[1] * t + (c[2] + c[3] * t) * t2;
    const double high = (c[4] + c[5] * t) + (c[6] + c[7] * t) * t2;
    return c[0] + (low + high * t4);
  }
  // e^-x < 2.1e-9: log1p(u) = u - u^2/2 with the next term below 1.5e-18 relative.
  const double u = std::exp(-x);
  return u - 0.5 * u * u;
}

static_assert(std::extent_v<decltype(log1p_exp_detail::kLog1pExpTable), 1> == 8,
              "log1p_exp_neg evaluates degree 7");

}  // namespace trexsearch::plr
