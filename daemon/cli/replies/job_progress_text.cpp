#include "daemon/cli/replies/job_progress_text.hpp"

#include "daemon/cli/replies/client_format.hpp"
#include "daemon/cli/text/number_text.hpp"

namespace trexsearch::cli {

std::string goal_bounds_text(const std::vector<protocol::GoalProgress>& goals) {
  std::string text;
  for (const protocol::GoalProgress& goal : goals) {
    if (!text.empty()) text += "; ";
    text += goal.label + " [" + format_load(goal.lower_bound_pps) + ", " +
            format_load(goal.upper_bound_pps) + "]";
    if (goal.target_depth > 0) text += " (target " + std::to_string(goal.target_depth) + ")";
    if (goal.done) text += " done";
  }
  return text;
}

std::string plr_estimate_text(const std::optional<plr::PlrEstimate>& estimate,
                              std::string_view unit) {
  if (!estimate) return "no estimate yet";
  return "estimate " + fixed(estimate->average_pps, 1) + " " + std::string(unit) + " +- " +
         fixed(estimate->stdev_pps, 1) + " (" + fixed(estimate->relative_stdev() * 100.0, 3) +
         " %)";
}

std::string progress_summary(const protocol::JobProgress& progress, std::string_view unit) {
  std::string text = progress.estimate        ? plr_estimate_text(progress.estimate, unit)
                     : progress.goals.empty() ? std::string("no trial yet")
                                              : goal_bounds_text(progress.goals);
  if (progress.last_trial) {
    const protocol::TrialRecord& last = *progress.last_trial;
    const double duration = last.effective_duration_s.value_or(last.intended_duration_s);
    text += "; search time " + fixed(last.started_at_s.value_or(0.0) + duration, 1);
    if (progress.search_time_limit_s) text += " of " + fixed(*progress.search_time_limit_s, 0);
    text += " s";
  }
  return text;
}

}  // namespace trexsearch::cli
