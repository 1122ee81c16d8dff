#include "plr/estimate.hpp"

#include <cmath>

namespace trexsearch::plr {

std::optional<double> FitEstimate::average_pps() const {
  if (!log_average) return std::nullopt;
  return std::exp(*log_average);
}

FitEstimate FitEstimate::from(const DualTracker& value, const FocusTracker& focus,
                              std::uint64_t samples) {
  FitEstimate estimate;
  if (!value.empty()) {
    estimate.log_average = value.primary().average();
    estimate.log_variance = value.pessimistic_variance();
  }
  estimate.samples = samples;
  estimate.focus = focus.state();
  return estimate;
}

std::optional<PlrEstimate> combine_fits(const std::array<FitEstimate, 2>& fits) {
  const FitEstimate& stretch = fits[0];
  const FitEstimate& erf = fits[1];
  double mu = 0.0;
  double variance = 0.0;
  if (stretch.log_average && erf.log_average) {
    mu = (*stretch.log_average + *erf.log_average) / 2.0;
    const double half_gap = (*stretch.log_average - *erf.log_average) / 2.0;
    // The fits' disagreement is the "systematic error" of draft-02 section 5.3.
    variance = (stretch.log_variance + erf.log_variance) / 2.0 + half_gap * half_gap;
  } else if (stretch.log_average || erf.log_average) {
    const FitEstimate& only = stretch.log_average ? stretch : erf;
    mu = *only.log_average;
    variance = only.log_variance;
  } else {
    return std::nullopt;
  }
  PlrEstimate estimate;
  estimate.log_center = mu;
  estimate.log_stdev = std::sqrt(variance);
  estimate.lower_pps = std::exp(mu - estimate.log_stdev);
  estimate.upper_pps = std::exp(mu + estimate.log_stdev);
  estimate.average_pps = (estimate.lower_pps + estimate.upper_pps) / 2.0;
  estimate.stdev_pps = estimate.average_pps - estimate.lower_pps;
  return estimate;
}

std::optional<double> fits_average_pps(const std::array<FitEstimate, 2>& fits) {
  const auto stretch = fits[0].average_pps();
  const auto erf = fits[1].average_pps();
  if (stretch && erf) return (*stretch + *erf) / 2.0;
  if (stretch) return stretch;
  return erf;
}

}  // namespace trexsearch::plr
