#include "daemon/report/bound_convergence.hpp"

#include <span>

#include "daemon/report/page/display_number.hpp"
#include "search/trial_analysis.hpp"

namespace trexsearch::report {

std::vector<BoundStep> bound_convergence(const mlr::ControllerConfig& config,
                                         const mlr::SearchResult& result, std::size_t max_steps) {
  std::vector<mlr::SearchGoal> goals;
  for (const mlr::GoalResult& goal : result.goals) goals.push_back(goal.goal);
  std::vector<measure::TrialResult> counted;
  std::vector<std::size_t> numbers;
  for (const mlr::TrialRecord& trial : result.trials) {
    if (trial.phase == mlr::TrialPhase::warmup || trial.phase == mlr::TrialPhase::latency) continue;
    counted.push_back(trial.result);
    numbers.push_back(trial.number);
  }
  std::vector<BoundStep> steps;
  if (goals.empty() || counted.empty()) return steps;
  const std::optional<mlr::LoadLimits> limits =
      config.max_load_pps > 0.0
          ? std::optional{mlr::LoadLimits{config.min_load_pps, config.max_load_pps}}
          : std::nullopt;
  const std::size_t stride = (counted.size() + max_steps - 1) / std::max<std::size_t>(max_steps, 1);
  for (std::size_t end = 1; end <= counted.size(); ++end) {
    if (end % stride != 0 && end != counted.size()) continue;
    const auto analysed = mlr::analyze_trials(
        goals, std::span<const measure::TrialResult>(counted.data(), end), limits, load_unit());
    BoundStep step;
    step.trial_number = numbers[end - 1];
    for (const mlr::GoalResult& goal : analysed) {
      step.lower_pps.push_back(goal.relevant_lower_bound_pps);
      step.upper_pps.push_back(goal.relevant_upper_bound_pps);
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace trexsearch::report
