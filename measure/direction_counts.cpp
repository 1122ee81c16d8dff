#include "measure/direction_counts.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::measure {

double DirectionCounts::loss_ratio() const {
  // Same arithmetic as TrialResult::from_outcome, so the aggregate of one direction
  // equals that direction's ratio.
  const double overall = static_cast<double>(std::max(offered, intended));
  if (overall <= 0.0) return 0.0;
  const double bad = std::fabs(static_cast<double>(loss())) + static_cast<double>(unsent());
  return std::min(1.0, bad / overall);
}

}  // namespace trexsearch::measure
