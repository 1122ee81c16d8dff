#pragma once

#include <cmath>
#include "plr/math/piecewise_polynomial.hpp"

namespace trexsearch::plr {
namespace log1p_exp_detail {
#include "plr/math/log1p_exp_table.inc"
}  // namespace log1p_exp_detail

/// log(1 + e^-x) = softplus(-x) for x >= 0 (+inf gives 0), within 2 ulps: the geometric
/// likelihood's per-trial term with one polynomial instead of glibc's exp and log1p, which were
/// two thirds of the erf fit's time per stored trial (docs/plrsearch.md "Throughput"). Inline:
/// the likelihood loop overlaps it with the next trial's work.
inline double log1p_exp_neg(double x) {
  using namespace log1p_exp_detail;
  if (x < kLog1pExpEnd) {
    return piecewise_polynomial(kLog1pExpTable, kLog1pExpPiecesPerUnit, x);
  }
  // e^-x < 2.1e-9: log1p(u) = u - u^2/2 with the next term below 1.5e-18 relative.
  const double u = std::exp(-x);
  return u - 0.5 * u * u;
}

}  // namespace trexsearch::plr
