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
    const auto& reached = trial.result.tester_limited_pps();
    if (!reached) continue;
    ++limit.trials;
    limit.reached_pps = std::max(limit.reached_pps.value_or(*reached), *reached);
    if (limit.estimate_upper_end_pps &&
        trial.result.intended_load_pps() <= *limit.estimate_upper_end_pps) {
      ++limit.trials_near_estimate;
    }
  }
  return limit;
}

}  // namespace trexsearch::plr
