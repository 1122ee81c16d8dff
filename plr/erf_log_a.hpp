#pragma once

#include <type_traits>

namespace trexsearch::plr {
namespace erf_log_a_detail {
#include "plr/erf_log_a_table.inc"
}  // namespace erf_log_a_detail

/// Where erf_log_a's table ends; above, the erf fit takes erfcx and log.
inline constexpr double kErfLogAEnd = erf_log_a_detail::kErfLogAEnd;

/// log(c - x erfcx(x)), c = sqrt(2/pi), for 0 <= x < kErfLogAEnd, within 2 ulps: the
/// factor of the erf fit's loss rate next to e^(-chi^2) (plr/erf_fit.hpp) from one polynomial
/// instead of erfcx (a division and a polynomial) and glibc's log; the fit needs it once per
/// stored trial per posterior sample. (The table's c is sqrt(2/pi) exactly, ErfFit::kC its
/// double: they differ by rounding.)
inline double erf_log_a(double x) {
  using namespace erf_log_a_detail;
  // The generated piecewise polynomials (plr/generate_piecewise_tables.py): piece i covers
  // [i, i + 1) / kErfLogAPiecesPerUnit, t = 2 kErfLogAPiecesPerUnit x - (2 i + 1) in [-1, 1],
  // exact. Estrin's scheme keeps the dependency chain short (see log1p_exp_neg).
  const int piece = static_cast<int>(x * kErfLogAPiecesPerUnit);
  const double t = (2.0 * kErfLogAPiecesPerUnit) * x - (2 * piece + 1);
  const double* c = kErfLogATable[piece];
  const double t2 = t * t;
  const double t4 = t2 * t2;
  // c[0] (about the result) is added last: one rounding of result size, not three.
  const double low = c[1] * t + (c[2] + c[3] * t) * t2;
  const double high = (c[4] + c[5] * t) + (c[6] + c[7] * t) * t2;
  return c[0] + ((low + high * t4) + (c[8] + c[9] * t) * (t4 * t4));
}

static_assert(std::extent_v<decltype(erf_log_a_detail::kErfLogATable), 1> == 10,
              "erf_log_a evaluates degree 9");

}  // namespace trexsearch::plr
