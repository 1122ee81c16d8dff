#include "search/tester_limit.hpp"

#include <algorithm>

namespace trexsearch::mlr {

std::optional<TesterLimit> tester_limit_at(std::span<const measure::TrialResult> trials,
                                           double upper_bound_pps) {
  // Loads are grid values, compared exactly as TrialDatabase groups them.
  std::optional<TesterLimit> limit;
  for (const measure::TrialResult& trial : trials) {
    if (trial.intended_load_pps() != upper_bound_pps || !trial.tester_limited()) continue;
    if (!limit) limit = TesterLimit{};
    ++limit->trials;
    limit->reached_pps = std::max(limit->reached_pps, *trial.tester_limited_pps());
  }
  return limit;
}

}  // namespace trexsearch::mlr
