#include "daemon/codec/goal_codec.hpp"

#include "daemon/codec/object_reader.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {

mlr::SearchGoal decode_goal(const Json::Value& json, const std::string& path) {
  ObjectReader reader(json, path);
  mlr::SearchGoal goal;  // the reference defaults
  goal.name = reader.optional_string("name").value_or(goal.name);
  goal.loss_ratio = reader.optional_number("loss_ratio").value_or(goal.loss_ratio);
  goal.exceed_ratio = reader.optional_number("exceed_ratio").value_or(goal.exceed_ratio);
  goal.relative_width = reader.optional_number("relative_width").value_or(goal.relative_width);
  if (auto value = reader.optional_number("initial_trial_duration")) {
    goal.initial_trial_duration = measure::Seconds{*value};
  }
  if (auto value = reader.optional_number("final_trial_duration")) {
    goal.final_trial_duration = measure::Seconds{*value};
  }
  if (auto value = reader.optional_number("duration_sum"))
    goal.duration_sum = measure::Seconds{*value};
  // The reference truncates non-integers with int(); we refuse them instead, since
  // 2.5 preceding targets is a mistake, not a request.
  goal.preceding_targets =
      reader.optional_int("preceding_targets").value_or(goal.preceding_targets);
  goal.expansion_coefficient =
      reader.optional_int("expansion_coefficient").value_or(goal.expansion_coefficient);
  goal.fail_fast = reader.optional_bool("fail_fast").value_or(goal.fail_fast);
  if (const auto scope = reader.optional_string("loss_scope")) {
    if (*scope == "aggregate") {
      goal.loss_scope = measure::LossScope::aggregate;
    } else if (*scope == "worst_direction") {
      goal.loss_scope = measure::LossScope::worst_direction;
    } else {
      throw measure::ConfigError(
          reader.field_path("loss_scope"), "\"" + *scope + "\"",
          "must be \"aggregate\" (all directions together, CSIT's default) or "
          "\"worst_direction\"");
    }
  }
  reader.reject_unknown_keys();
  goal.validate(path);
  return goal;
}

Json::Value encode_goal(const mlr::SearchGoal& goal) {
  Json::Value json(Json::objectValue);
  if (!goal.name.empty()) json["name"] = goal.name;
  json["loss_ratio"] = goal.loss_ratio;
  json["exceed_ratio"] = goal.exceed_ratio;
  json["relative_width"] = goal.relative_width;
  json["initial_trial_duration"] = goal.initial_trial_duration.count();
  json["final_trial_duration"] = goal.final_trial_duration.count();
  json["duration_sum"] = goal.duration_sum.count();
  json["preceding_targets"] = goal.preceding_targets;
  json["expansion_coefficient"] = goal.expansion_coefficient;
  json["fail_fast"] = goal.fail_fast;
  json["loss_scope"] = to_string(goal.loss_scope);
  return json;
}

std::vector<mlr::SearchGoal> decode_goals(const Json::Value& json, const std::string& path) {
  as_array(json, path);
  if (json.empty()) throw measure::ConfigError(path, "[]", "at least one goal is required");
  std::vector<mlr::SearchGoal> goals;
  goals.reserve(json.size());
  for (Json::ArrayIndex i = 0; i < json.size(); ++i) {
    goals.push_back(decode_goal(json[i], element_path(path, i)));
  }
  return goals;
}

}  // namespace trexsearch::codec
