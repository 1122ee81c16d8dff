#include "daemon/codec/analyze_input_codec.hpp"

#include "daemon/codec/goal_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/trial_input_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {

AnalyzeInput decode_analyze_input(const Json::Value& json) {
  ObjectReader reader(json, "");
  AnalyzeInput input;
  input.goals = decode_goals(reader.array("goals"), reader.field_path("goals"));
  const Json::Value& trials = reader.array("trials");
  input.trials.reserve(trials.size());
  for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
    input.trials.push_back(decode_trial_input(trials[i], element_path("trials", i)));
  }
  const auto min_load = reader.optional_number("min_load");
  const auto max_load = reader.optional_number("max_load");
  reader.reject_unknown_keys();
  if (min_load.has_value() != max_load.has_value()) {
    const char* missing = min_load ? "max_load" : "min_load";
    throw measure::ConfigError(missing, "(missing)", "min_load and max_load go together");
  }
  if (min_load) {
    if (!(*min_load > 0.0)) {
      throw measure::ConfigError("min_load", measure::format_value(*min_load), "must be positive");
    }
    if (!(*max_load > *min_load)) {
      throw measure::ConfigError(
          "max_load", measure::format_value(*max_load),
          "must be greater than min_load (" + measure::format_value(*min_load) + ")");
    }
    input.limits = mlr::LoadLimits{*min_load, *max_load};
  }
  return input;
}

Json::Value encode_analyze_input(const AnalyzeInput& input) {
  Json::Value json(Json::objectValue);
  Json::Value goals(Json::arrayValue);
  for (const auto& goal : input.goals) goals.append(encode_goal(goal));
  json["goals"] = goals;
  Json::Value trials(Json::arrayValue);
  for (const auto& trial : input.trials) trials.append(encode_trial_input(trial));
  json["trials"] = trials;
  if (input.limits) {
    json["min_load"] = input.limits->min_load_pps;
    json["max_load"] = input.limits->max_load_pps;
  }
  return json;
}

}  // namespace trexsearch::codec
