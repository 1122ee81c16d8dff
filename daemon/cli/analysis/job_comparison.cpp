#include "daemon/cli/analysis/job_comparison.hpp"

#include <optional>

#include "daemon/cli/analysis/goal_definition_codec.hpp"
#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {
namespace {

std::string job_text(const JobValues& job) { return "job " + job_label(job); }

std::string goal_names(const JobValues& job) {
  std::string names;
  for (const GoalValue& goal : job.goals) names += (names.empty() ? "" : ", ") + goal.goal;
  return names.empty() ? "none" : names;
}

void check_same_method(const std::vector<JobValues>& jobs) {
  for (const JobValues& job : jobs) {
    if (job.method != jobs.front().method) {
      throw BadInputError(job_text(job) + " is a " + job.method + " job but " +
                          job_text(jobs.front()) + " is " + jobs.front().method +
                          ": compare jobs of one method");
    }
  }
}

/// The goals of every job with values must be those of the first such job, with the
/// same definition: a PDR at 0.5 % loss is not a PDR at 1 %.
void check_same_goals(const std::vector<JobValues>& jobs) {
  const JobValues* base = nullptr;
  for (const JobValues& job : jobs) {
    if (!job.has_values) continue;
    if (base == nullptr) {
      base = &job;
      continue;
    }
    if (goal_names(job) != goal_names(*base)) {
      throw BadInputError(job_text(job) + " has goals " + goal_names(job) + " but " +
                          job_text(*base) + " has " + goal_names(*base) +
                          ": compare jobs that searched the same goals");
    }
    for (const GoalValue& goal : job.goals) {
      const auto difference =
          definition_difference(base->find(goal.goal)->definition, goal.definition);
      if (!difference) continue;
      throw BadInputError("goal " + goal.goal + ": " + difference->key + " is " +
                          difference->base_text + " in " + job_text(*base) + " but " +
                          difference->other_text + " in " + job_text(job) +
                          ": compare jobs that searched the same goals");
    }
  }
}

}  // namespace

bool beyond_spread(const GoalValue& base, const GoalValue& other) {
  if (!base.spread_low_pps || !base.spread_high_pps || !other.spread_low_pps ||
      !other.spread_high_pps) {
    return false;
  }
  return *other.spread_high_pps < *base.spread_low_pps ||
         *other.spread_low_pps > *base.spread_high_pps;
}

namespace {

/// One job's value of a goal against the base job's: the difference, whether
/// it is beyond both spreads, and whether that makes it a regression (both clean).
ComparedValue compared_value(const std::optional<GoalValue>& value, const GoalValue* base_value,
                             bool is_base) {
  ComparedValue compared;
  compared.value = value;
  if (is_base || !compared.value || !compared.value->value_pps || base_value == nullptr ||
      !base_value->value_pps) {
    return compared;
  }
  const double from = *base_value->value_pps;
  compared.difference_pps = *compared.value->value_pps - from;
  if (from > 0.0) compared.difference_percent = 100.0 * *compared.difference_pps / from;
  compared.beyond_spread = beyond_spread(*base_value, *compared.value);
  compared.regression = compared.beyond_spread && *compared.difference_pps < 0.0 &&
                        base_value->clean() && compared.value->clean();
  return compared;
}

}  // namespace

Comparison compare_jobs(std::vector<JobValues> jobs) {
  if (jobs.size() < 2) throw UsageError("compare needs at least two jobs");
  check_same_method(jobs);
  check_same_goals(jobs);
  Comparison comparison;
  comparison.jobs = std::move(jobs);
  const JobValues* with_goals = nullptr;
  for (const JobValues& job : comparison.jobs) {
    if (job.has_values && with_goals == nullptr) with_goals = &job;
  }
  if (with_goals == nullptr) return comparison;  // no job has a result: states only
  const JobValues& base = comparison.jobs.front();
  for (const GoalValue& goal : with_goals->goals) {
    ComparedGoal row{goal.goal, {}};
    const GoalValue* base_value = base.find(goal.goal);
    for (const JobValues& job : comparison.jobs) {
      std::optional<GoalValue> value;
      if (const GoalValue* found = job.find(goal.goal)) value = *found;
      row.values.push_back(compared_value(value, base_value, &job == &base));
      comparison.regression = comparison.regression || row.values.back().regression;
    }
    comparison.goals.push_back(row);
  }
  return comparison;
}

}  // namespace trexsearch::cli
