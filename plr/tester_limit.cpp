#include "plr/tester_limit.hpp"

#include <algorithm>

namespace trexsearch::plr {

double estimate_upper_end_pps(double average_pps, double stdev_pps) {
  return average_pps + 2.0 * stdev_pps;
}

PlrTesterLimit tester_limit_of(std::span<const PlrTrial> trials,
                               const std::optional<PlrEstimate>& estimate) {
  PlrTesterLimit limit;
  if (estimate) {
    limit.estimate_upper_end_pps =
        estimate_upper_end_pps(estimate->average_pps, estimate->stdev_pps);
  }
  for (const PlrTrial& trial : trials) {
    if (!trial.lossy || trial.result.tester_limited()) continue;
    const double load = trial.result.intended_load_pps();
    limit.lowest_sut_lossy_pps = std::min(limit.lowest_sut_lossy_pps.value_or(load), load);
  }
  for (const PlrTrial& trial : trials) {
    const auto& reached = trial.result.tester_limited_pps();
    if (!reached) continue;
    ++limit.trials;
    limit.reached_pps = std::max(limit.reached_pps.value_or(*reached), *reached);
    const double load = trial.result.intended_load_pps();
    if (limit.estimate_upper_end_pps && load <= *limit.estimate_upper_end_pps) {
      ++limit.trials_near_estimate;
    }
    // A soak converges just below the lowest loads that lost frames: when those
    // losses are the tester's, so is the estimate, even with a narrow stdev that
    // keeps them outside average + 2 stdev.
    if (!limit.lowest_sut_lossy_pps || load <= *limit.lowest_sut_lossy_pps) {
      ++limit.trials_below_sut_loss;
    }
  }
  return limit;
}

}  // namespace trexsearch::plr
