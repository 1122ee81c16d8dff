#include "daemon/cli/job_values.hpp"

#include <utility>

#include "daemon/cli/number_text.hpp"
#include "daemon/cli/result_format.hpp"

namespace trexsearch::cli {
namespace {

std::optional<double> number(const Json::Value& value) {
  if (!value.isNumeric()) return std::nullopt;
  return value.asDouble();
}

GoalValue mlr_goal_value(const Json::Value& goal, const Json::Value& result) {
  GoalValue value;
  value.goal = goal["name"].asString();
  value.definition = goal["goal"];
  value.value_pps = number(goal["conditional_throughput"]);
  value.value_kind = "conditional_throughput";
  if (!value.value_pps) {
    // Results stored before the conditional throughput was kept.
    value.value_pps = number(goal["relevant_lower_bound"]);
    value.value_kind = "relevant_lower_bound";
  }
  value.spread_low_pps = number(goal["relevant_lower_bound"]);
  value.spread_high_pps = number(goal["relevant_upper_bound"]);
  if (!value.spread_high_pps) value.spread_high_pps = value.spread_low_pps;
  if (!value.spread_low_pps) value.spread_low_pps = value.value_pps;
  if (result_stopped_early(result)) {
    value.unclean_reason = "search stopped early (" + result["stop_reason"].asString() + ")";
  } else if (goal["tester_limited"].isObject()) {
    value.unclean_reason = "tester-limited";
  } else if (goal["regular"].isBool() && !goal["regular"].asBool()) {
    value.unclean_reason = "irregular: " + goal["irregular_reason"].asString();
  }
  return value;
}

// A value known as an average and its stdev (`stats[mean_key]`, `stats[stdev_key]`);
// the run's own spread is average -+ stdev.
GoalValue mean_stdev_value(std::string goal, std::string kind, const Json::Value& stats,
                           const char* mean_key) {
  GoalValue value;
  value.goal = std::move(goal);
  value.value_kind = std::move(kind);
  if (stats.isObject()) {
    value.value_pps = number(stats[mean_key]);
    value.stdev_pps = number(stats["stdev"]);
  }
  if (value.value_pps) {
    const double stdev = value.stdev_pps.value_or(0.0);
    value.spread_low_pps = *value.value_pps - stdev;
    value.spread_high_pps = *value.value_pps + stdev;
  }
  return value;
}

GoalValue plr_goal_value(const Json::Value& result) {
  GoalValue value = mean_stdev_value("estimate", "estimate_average", result["estimate"], "average");
  if (result_not_clean(result)) value.unclean_reason = "tester-limited";
  return value;
}

// MRR and soaks (docs/mrr.md): the receive rate's mean over the trials, all
// directions together, the run's own spread its stdev.
GoalValue receive_rate_value(const Json::Value& result) {
  GoalValue value =
      mean_stdev_value("receive_rate", "receive_rate_mean", result["receive_rate"], "mean");
  if (result["directions"].isArray() && !result["directions"].empty()) {
    value.summed_directions = static_cast<int>(result["directions"].size());
  }
  const std::string stop = result["stop_reason"].asString();
  if (result["tester_limited"].asBool()) {
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

JobValues job_values(const Json::Value& reply) {
  const Json::Value& job = reply["job"];
  JobValues values;
  values.id = job["id"].asInt64();
  values.name = job["name"].asString();
  values.method = job["method"].asString();
  values.state = job["state"].asString();
  values.reason = job["reason"].asString();
  values.created_at = job["created_at"].asString();
  values.profile = job["profile"].asString();
  values.line_rate = reply["line_rate"];
  const Json::Value& result = reply["result"];
  values.has_values = values.state == "finished" && result.isObject();
  if (!values.has_values) return values;
  if (values.method == "plr") {
    values.goals.push_back(plr_goal_value(result));
  } else if (values.method == "mrr" || values.method == "soak") {
    values.goals.push_back(receive_rate_value(result));
  } else {
    for (const Json::Value& goal : result["goals"]) {
      values.goals.push_back(mlr_goal_value(goal, result));
    }
  }
  return values;
}

std::string percent_of_line_rate(double load_pps, const Json::Value& line_rate) {
  if (!line_rate.isObject() || !(line_rate["line_rate_pps"].asDouble() > 0.0)) return "";
  return fixed(100.0 * load_pps / line_rate["line_rate_pps"].asDouble(), 3) + " %";
}

}  // namespace trexsearch::cli
