#include "daemon/codec/controller_config_codec.hpp"

#include "daemon/codec/goal_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "search/selection_strategy.hpp"

namespace trexsearch::codec {

mlr::ControllerConfig decode_controller_config(const Json::Value& json) {
  ObjectReader reader(json, "");
  mlr::ControllerConfig config;
  config.goals = decode_goals(reader.array("goals"), reader.field_path("goals"));
  config.min_load_pps = reader.optional_number("min_load").value_or(config.min_load_pps);
  config.max_load_pps = reader.optional_number("max_load").value_or(config.max_load_pps);
  if (auto value = reader.optional_number("search_duration_max")) {
    config.search_duration_max = measure::Seconds{*value};
  }
  if (auto value = reader.optional_number("warmup_duration")) {
    config.warmup_duration = measure::Seconds{*value};
  }
  if (auto value = reader.optional_string("strategy")) {
    config.strategy = mlr::parse_selection_strategy(*value, reader.field_path("strategy"));
  }
  reader.reject_unknown_keys();
  // validate() names its fields by the spec's keys ("min_load", "goals[1]"), so its
  // ConfigError already points at the JSON path; it adds the cross-field checks
  // (min < max, no duplicate goals).
  config.validate();
  return config;
}

Json::Value encode_controller_config(const mlr::ControllerConfig& config) {
  Json::Value json(Json::objectValue);
  Json::Value goals(Json::arrayValue);
  for (const auto& goal : config.goals) goals.append(encode_goal(goal));
  json["goals"] = goals;
  json["min_load"] = config.min_load_pps;
  json["max_load"] = config.max_load_pps;
  json["search_duration_max"] = config.search_duration_max.count();
  json["warmup_duration"] = config.warmup_duration.count();
  json["strategy"] = std::string(mlr::to_string(config.strategy));
  return json;
}

}  // namespace trexsearch::codec
