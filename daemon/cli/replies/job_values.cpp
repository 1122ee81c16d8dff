#include "daemon/cli/replies/job_values.hpp"

#include <utility>
#include <variant>

#include "daemon/cli/replies/result_format.hpp"
#include "daemon/cli/text/number_text.hpp"
#include "daemon/protocol/job_state.hpp"

namespace trexsearch::cli {
namespace {

GoalValue mlr_goal_value(const protocol::ResultGoal& goal, const protocol::ResultDocument& result) {
  GoalValue value;
  value.goal = goal.name;
  value.definition = goal.definition;
  value.value_pps = goal.conditional_throughput_pps;
  value.value_kind = "conditional_throughput";
  if (!value.value_pps) {
    // Results stored before the conditional throughput was kept.
    value.value_pps = goal.relevant_lower_bound_pps;
    value.value_kind = "relevant_lower_bound";
  }
  value.spread_low_pps = goal.relevant_lower_bound_pps;
  value.spread_high_pps = goal.relevant_upper_bound_pps;
  if (!value.spread_high_pps) value.spread_high_pps = value.spread_low_pps;
  if (!value.spread_low_pps) value.spread_low_pps = value.value_pps;
  if (result_stopped_early(result)) {
    value.unclean_reason =
        "search stopped early (" + std::get<protocol::MlrResultView>(result.view).stop_reason + ")";
  } else if (goal.tester_limited) {
    value.unclean_reason = "tester-limited";
  } else if (!goal.regular) {
    value.unclean_reason = "irregular: " + goal.irregular_reason;
  }
  return value;
}

// A value known as an average and its stdev; the run's own spread is average -+ stdev.
GoalValue mean_stdev_value(std::string goal, std::string kind, std::optional<double> mean,
                           std::optional<double> stdev) {
  GoalValue value;
  value.goal = std::move(goal);
  value.value_kind = std::move(kind);
  value.value_pps = mean;
  value.stdev_pps = stdev;
  if (value.value_pps) {
    const double spread = value.stdev_pps.value_or(0.0);
    value.spread_low_pps = *value.value_pps - spread;
    value.spread_high_pps = *value.value_pps + spread;
  }
  return value;
}

GoalValue plr_goal_value(const protocol::PlrResultView& result) {
  GoalValue value =
      result.estimate
          ? mean_stdev_value("estimate", "estimate_average", result.estimate->average_pps,
                             result.estimate->stdev_pps)
          : mean_stdev_value("estimate", "estimate_average", std::nullopt, std::nullopt);
  if (result.tester_limited.value_or(false)) value.unclean_reason = "tester-limited";
  return value;
}

// MRR and soaks (docs/mrr.md): the receive rate's mean over the trials, all
// directions together, the run's own spread its stdev.
GoalValue receive_rate_value(const protocol::FixedLoadView& result) {
  GoalValue value =
      result.receive_rate
          ? mean_stdev_value("receive_rate", "receive_rate_mean", result.receive_rate->mean,
                             result.receive_rate->stdev)
          : mean_stdev_value("receive_rate", "receive_rate_mean", std::nullopt, std::nullopt);
  if (!result.directions.empty()) {
    value.summed_directions = static_cast<int>(result.directions.size());
  }
  const std::string& stop = result.stop_reason;
  if (result.tester_limited) {
    value.unclean_reason = "tester-limited";
  } else if (stop != "completed" && stop != "loss_threshold") {
    value.unclean_reason = "stopped early (" + stop + ")";
  }
  return value;
}

}  // namespace

const GoalValue* JobValues::find(const std::string& goal) const {
  for (const GoalValue& value : goals) {
    if (value.goal == goal) return &value;
  }
  return nullptr;
}

JobValues job_values(const protocol::JobSummary& job) {
  JobValues values;
  values.id = job.id;
  values.name = job.name;
  values.method = job.method;
  values.state = std::string(protocol::to_string(job.state));
  values.reason = job.reason;
  values.created_at = job.created_at;
  values.profile = job.profile;
  return values;
}

JobValues job_values(const protocol::ResultReply& reply) {
  JobValues values = job_values(reply.job);
  values.line_rate = reply.line_rate;
  values.has_values = values.state == "finished";
  if (!values.has_values) return values;
  const protocol::ResultDocument& result = reply.result;
  if (const auto* plr = std::get_if<protocol::PlrResultView>(&result.view)) {
    values.goals.push_back(plr_goal_value(*plr));
  } else if (const auto* fixed_load = std::get_if<protocol::FixedLoadView>(&result.view)) {
    values.goals.push_back(receive_rate_value(*fixed_load));
  } else {
    for (const protocol::ResultGoal& goal : std::get<protocol::MlrResultView>(result.view).goals) {
      values.goals.push_back(mlr_goal_value(goal, result));
    }
  }
  return values;
}

std::string percent_of_line_rate(double load_pps,
                                 const std::optional<protocol::LineRateFacts>& line_rate) {
  if (!line_rate || !(line_rate->line_rate_pps > 0.0)) return "";
  return fixed(100.0 * load_pps / line_rate->line_rate_pps, 3) + " %";
}

std::string job_label(const JobValues& job) {
  return job.tester ? *job.tester + ":" + std::to_string(job.id) : std::to_string(job.id);
}

}  // namespace trexsearch::cli
