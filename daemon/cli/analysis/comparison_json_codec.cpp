#include "daemon/cli/analysis/comparison_json_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"

namespace trexsearch::cli {
namespace {

Json::Value optional_json(const std::optional<double>& value) {
  return value ? Json::Value(*value) : Json::Value(Json::nullValue);
}

Json::Value job_json(const JobValues& job) {
  Json::Value entry(Json::objectValue);
  entry["id"] = Json::Int64{job.id};
  entry["name"] = job.name;
  entry["method"] = job.method;
  entry["state"] = job.state;
  entry["reason"] = job.reason;
  entry["created_at"] = job.created_at;
  entry["profile"] = job.profile;
  entry["line_rate"] = protocol::encode_line_rate_facts(job.line_rate);
  entry["has_result"] = job.has_values;
  if (job.tester) entry["tester"] = *job.tester;  // with --db only: the output stays as it was
  return entry;
}

/// One job's value of a goal against the first job's.
Json::Value value_json(const ComparedValue& compared, const JobValues& job) {
  Json::Value value(Json::objectValue);
  value["job"] = Json::Int64{job.id};
  if (job.tester) value["tester"] = *job.tester;
  const GoalValue* goal_value = compared.value ? &*compared.value : nullptr;
  value["value_pps"] = goal_value ? optional_json(goal_value->value_pps) : Json::Value();
  value["value_kind"] = goal_value ? Json::Value(goal_value->value_kind) : Json::Value();
  value["spread_low_pps"] = goal_value ? optional_json(goal_value->spread_low_pps) : Json::Value();
  value["spread_high_pps"] =
      goal_value ? optional_json(goal_value->spread_high_pps) : Json::Value();
  value["stdev_pps"] = goal_value ? optional_json(goal_value->stdev_pps) : Json::Value();
  value["clean"] = goal_value ? Json::Value(goal_value->clean()) : Json::Value();
  value["unclean_reason"] =
      goal_value && !goal_value->clean() ? Json::Value(goal_value->unclean_reason) : Json::Value();
  value["difference_pps"] = optional_json(compared.difference_pps);
  value["difference_percent"] = optional_json(compared.difference_percent);
  value["beyond_spread"] = compared.beyond_spread;
  value["regression"] = compared.regression;
  return value;
}

}  // namespace

Json::Value encode_comparison(const Comparison& comparison) {
  Json::Value json(Json::objectValue);
  Json::Value jobs(Json::arrayValue);
  for (const JobValues& job : comparison.jobs) jobs.append(job_json(job));
  json["jobs"] = jobs;
  json["base_job"] = comparison.jobs.empty() ? Json::Value()
                                             : Json::Value(Json::Int64{comparison.jobs.front().id});
  if (!comparison.jobs.empty() && comparison.jobs.front().tester) {
    json["base_tester"] = *comparison.jobs.front().tester;
  }
  Json::Value goals(Json::arrayValue);
  for (const ComparedGoal& goal : comparison.goals) {
    Json::Value entry(Json::objectValue);
    entry["goal"] = goal.goal;
    Json::Value values(Json::arrayValue);
    for (std::size_t i = 0; i < goal.values.size(); ++i) {
      values.append(value_json(goal.values[i], comparison.jobs[i]));
    }
    entry["values"] = values;
    if (!goal.values.empty() && goal.values.front().value) {
      const auto& definition = goal.values.front().value->definition;
      entry["definition"] = definition ? protocol::json_of(*definition) : Json::Value();
    }
    goals.append(entry);
  }
  json["goals"] = goals;
  json["regression"] = comparison.regression;
  return json;
}

std::string comparison_json(const Comparison& comparison) {
  return codec::to_pretty_json(encode_comparison(comparison)) + "\n";
}

}  // namespace trexsearch::cli
