#include "sim/critical_load.hpp"

#include <cmath>

#include "measure/errors.hpp"

namespace trexsearch::sim {
namespace {

constexpr double lowest_load_pps = 1.0;
constexpr double highest_load_pps = 1e12;
constexpr double relative_precision = 1e-12;

}  // namespace

std::optional<double> critical_load_pps(const SutModel& model, double target_loss_ratio,
                                        measure::Seconds duration) {
  if (!(target_loss_ratio >= 0.0 && target_loss_ratio < 1.0)) {
    throw measure::ConfigError("target_loss_ratio", measure::format_value(target_loss_ratio),
                               "must be in [0, 1)");
  }
  if (!std::isfinite(duration.count()) || duration.count() <= 0.0) {
    throw measure::ConfigError("duration", measure::format_value(duration.count()),
                               "must be finite and > 0 [s]");
  }
  const auto passes = [&](double load_pps) {
    return model.expected_loss_ratio(load_pps, duration) <= target_loss_ratio;
  };
  // Keep lo passing and hi failing; loads span 12 decades, so halve in log space.
  double lo = lowest_load_pps;
  double hi = highest_load_pps;
  if (!passes(lo) || passes(hi)) return std::nullopt;
  while ((hi - lo) > relative_precision * hi) {
    const double mid = std::sqrt(lo * hi);
    if (mid <= lo || mid >= hi) break;  // adjacent doubles
    (passes(mid) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace trexsearch::sim
