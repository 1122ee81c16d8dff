#pragma once

#include <cmath>

namespace trexsearch::plr {

/// Physical parameters of a fitting function [pps].
struct FitParameters {
  double mrr_pps = 0.0;
  double spread_pps = 0.0;
};

/// The prior (draft-02 section 5.4, reference formulas): the integrator samples x in the open
/// square (-1, 1)^2 uniformly and this maps it to a Lomax-distributed mrr (shape 1, scale
/// max_load/2, shifted by +1 pps) and a spread log-uniform on (1, mrr). Finite for every x in
/// the open square: mrr <= max_load * 2^53.
inline FitParameters parameters_from_unit_square(double x_mrr, double x_spread,
                                                 double max_load_pps) {
  FitParameters parameters;
  // The reference's max_load * (1/(x+1) - 1/2) + 1, rearranged so that nothing cancels
  // near x_mrr = 1 (where the reference loses all digits of mrr - 1).
  parameters.mrr_pps = max_load_pps * ((1.0 - x_mrr) / (2.0 * (1.0 + x_mrr))) + 1.0;
  parameters.spread_pps = std::exp((x_spread + 1.0) / 2.0 * std::log(parameters.mrr_pps));
  return parameters;
}

}  // namespace trexsearch::plr
