#include "daemon/report/direction_sums.hpp"

#include <algorithm>
#include <map>

namespace trexsearch::report {

void add_direction(std::vector<DirectionSum>& sums, const measure::DirectionCounts& direction) {
  auto found = std::find_if(sums.begin(), sums.end(), [&](const DirectionSum& sum) {
    return sum.counts.name == direction.name;
  });
  if (found == sums.end()) {
    sums.push_back({measure::DirectionCounts{direction.name, 0, 0, 0}, 0.0});
    found = std::prev(sums.end());
  }
  found->counts.intended += direction.intended;
  found->counts.offered += direction.offered;
  found->counts.received += direction.received;
  found->worst_loss_ratio = std::max(found->worst_loss_ratio, direction.loss_ratio());
}

std::vector<DirectionSum> sum_directions(std::span<const measure::TrialResult* const> trials) {
  std::vector<DirectionSum> sums;
  for (const measure::TrialResult* trial : trials) {
    for (const measure::DirectionCounts& direction : trial->directions())
      add_direction(sums, direction);
  }
  return sums;
}

std::vector<BoundDirections> bound_directions(const mlr::SearchResult& result) {
  // Bounds are trial loads (the same doubles), so they are compared exactly, as
  // the trial database groups them.
  std::map<double, BoundDirections> loads;
  for (const mlr::GoalResult& goal : result.goals) {
    if (goal.relevant_lower_bound_pps) {
      loads[*goal.relevant_lower_bound_pps].roles.push_back(goal.label + " lower");
    }
    if (goal.relevant_upper_bound_pps) {
      loads[*goal.relevant_upper_bound_pps].roles.push_back(goal.label + " upper");
    }
  }
  std::map<double, std::vector<const measure::TrialResult*>> trials;
  for (const mlr::TrialRecord& trial : result.trials) {
    // Latency-phase trials are at fractions of a bound, never a bound's own trials.
    if (trial.phase == mlr::TrialPhase::warmup || trial.phase == mlr::TrialPhase::latency) continue;
    const double load = trial.result.intended_load_pps();
    if (loads.contains(load)) trials[load].push_back(&trial.result);
  }
  std::vector<BoundDirections> bounds;
  bool any = false;
  for (auto& [load, bound] : loads) {
    bound.load_pps = load;
    bound.trials = trials[load].size();
    bound.directions = sum_directions(trials[load]);
    any = any || !bound.directions.empty();
    bounds.push_back(std::move(bound));
  }
  if (!any) bounds.clear();
  return bounds;
}

}  // namespace trexsearch::report
