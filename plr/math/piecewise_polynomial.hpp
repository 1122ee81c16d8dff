#pragma once

#include <cstddef>

namespace trexsearch::plr {

/// The value at x of a generated piecewise polynomial table
/// (plr/math/generate_piecewise_tables.py): piece i covers [i, i + 1) / pieces_per_unit, with
/// t = 2 pieces_per_unit x - (2 i + 1) in [-1, 1]; t is exact (a power-of-two multiple of x
/// minus a nearby integer). Degree 7 or 9 (table rows of 8 or 10 coefficients). Estrin's
/// scheme, not Horner's: the dependency chain is three multiply-adds long, not seven, and
/// this chain, not the arithmetic, is what a trial waits for. Shared by log1p_exp_neg and
/// erf_log_a; the caller keeps x within the table.
template <std::size_t Coefficients>
inline double piecewise_polynomial(const double (*table)[Coefficients], int pieces_per_unit,
                                   double x) {
  static_assert(Coefficients == 8 || Coefficients == 10, "degree 7 or 9");
  const int piece = static_cast<int>(x * pieces_per_unit);
  const double t = (2.0 * pieces_per_unit) * x - (2 * piece + 1);
  const double* c = table[piece];
  const double t2 = t * t;
  const double t4 = t2 * t2;
  // c[0] (about the result) is added last: one rounding of result size, not three.
  const double low = c[1] * t + (c[2] + c[3] * t) * t2;
  const double high = (c[4] + c[5] * t) + (c[6] + c[7] * t) * t2;
  if constexpr (Coefficients == 8) {
    return c[0] + (low + high * t4);
  } else {
    return c[0] + ((low + high * t4) + (c[8] + c[9] * t) * (t4 * t4));
  }
}

}  // namespace trexsearch::plr
