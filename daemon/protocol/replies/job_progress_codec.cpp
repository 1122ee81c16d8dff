#include "daemon/protocol/replies/job_progress_codec.hpp"

#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

using codec::optional_number;

Json::Value number_or_null(const std::optional<double>& value) {
  return value ? Json::Value(*value) : Json::Value(Json::nullValue);
}

// The last trial as progress reports carry it: no counts, its times as numbers.
Json::Value encode_last_trial(const TrialRecord& trial) {
  Json::Value json(Json::objectValue);
  json["number"] = Json::UInt64{trial.number};
  json["phase"] = trial.phase;
  json["load"] = trial.load_pps;
  json["intended_duration"] = trial.intended_duration_s;
  json["effective_duration"] = trial.effective_duration_s.value_or(trial.intended_duration_s);
  json["loss_ratio"] = trial.loss_ratio;
  json["started_at"] = trial.started_at_s.value_or(0.0);
  encode_trial_remarks(trial, json);
  return json;
}

}  // namespace

Json::Value encode_goal_progress(const std::vector<GoalProgress>& goals) {
  Json::Value json(Json::arrayValue);
  for (const GoalProgress& goal : goals) {
    Json::Value entry(Json::objectValue);
    entry["label"] = goal.label;
    entry["lower_bound"] = number_or_null(goal.lower_bound_pps);
    entry["upper_bound"] = number_or_null(goal.upper_bound_pps);
    entry["target_depth"] = goal.target_depth;
    entry["done"] = goal.done;
    json.append(entry);
  }
  return json;
}

std::vector<GoalProgress> decode_goal_progress(const Json::Value& json, const std::string& path) {
  std::vector<GoalProgress> goals;
  const Json::Value& array = codec::as_array(json, path);
  for (Json::ArrayIndex i = 0; i < array.size(); ++i) {
    const std::string goal_path = codec::element_path(path, i);
    const ReplyFields fields(array[i], goal_path);
    GoalProgress goal;
    goal.label = fields.text("label");
    goal.lower_bound_pps = optional_number(array[i], "lower_bound", goal_path);
    goal.upper_bound_pps = optional_number(array[i], "upper_bound", goal_path);
    goal.target_depth = static_cast<int>(fields.int64("target_depth"));
    goal.done = fields.flag("done");
    goals.push_back(goal);
  }
  return goals;
}

Json::Value encode_job_progress(const JobProgress& progress) {
  Json::Value json(Json::objectValue);
  json["trial_count"] = Json::UInt64{progress.trial_count};
  json["last_trial"] =
      progress.last_trial ? encode_last_trial(*progress.last_trial) : Json::Value(Json::nullValue);
  json["goals"] = encode_goal_progress(progress.goals);
  if (progress.estimate) json["estimate"] = encode_estimate(*progress.estimate);
  if (progress.search_time_limit_s) json["search_time_limit"] = *progress.search_time_limit_s;
  return json;
}

JobProgress decode_job_progress(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  JobProgress progress;
  progress.trial_count = fields.count("trial_count");
  if (json.isMember("last_trial") && !json["last_trial"].isNull()) {
    progress.last_trial = decode_trial_record(json["last_trial"], fields.path_of("last_trial"));
  }
  progress.goals = decode_goal_progress(fields.array("goals"), fields.path_of("goals"));
  if (json.isMember("estimate") && !json["estimate"].isNull()) {
    progress.estimate = decode_estimate(json["estimate"], fields.path_of("estimate"));
  }
  progress.search_time_limit_s = optional_number(json, "search_time_limit", path);
  return progress;
}

}  // namespace trexsearch::protocol
