#pragma once

#include "plr/math/piecewise_polynomial.hpp"

namespace trexsearch::plr {
namespace erf_log_a_detail {
#include "plr/math/erf_log_a_table.inc"
}  // namespace erf_log_a_detail

/// Where erf_log_a's table ends; above, the erf fit takes erfcx and log.
inline constexpr double kErfLogAEnd = erf_log_a_detail::kErfLogAEnd;

/// log(c - x erfcx(x)), c = sqrt(2/pi), for 0 <= x < kErfLogAEnd, within 2 ulps: the
/// factor of the erf fit's loss rate next to e^(-chi^2) (plr/math/erf_fit.hpp) from one polynomial
/// instead of erfcx (a division and a polynomial) and glibc's log; the fit needs it once per
/// stored trial per posterior sample. (The table's c is sqrt(2/pi) exactly, ErfFit::kC its
/// double: they differ by rounding.)
inline double erf_log_a(double x) {
  using namespace erf_log_a_detail;
  return piecewise_polynomial(kErfLogATable, kErfLogAPiecesPerUnit, x);
}

}  // namespace trexsearch::plr
