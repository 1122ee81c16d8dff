#include "daemon/spec/latency_spec_codec.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

// More would be a sweep, not a latency check; each is a trial of its own.
constexpr std::size_t kMaxLatencyFractions = 20;

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw measure::ConfigError(path, codec::quote_json(value), reason);
}

std::string goal_labels(const mlr::ControllerConfig& config) {
  std::string labels;
  for (std::size_t i = 0; i < config.goals.size(); ++i) {
    labels += (i == 0 ? "\"" : ", \"") + config.goals[i].label(i) + "\"";
  }
  return labels;
}

std::vector<double> decode_fractions(const Json::Value& list, const std::string& path) {
  const Json::Value& items = codec::as_array(list, path);
  if (items.size() > kMaxLatencyFractions) {
    bad(path, list, "at most " + std::to_string(kMaxLatencyFractions) + " fractions");
  }
  std::vector<double> fractions;
  for (Json::ArrayIndex i = 0; i < items.size(); ++i) {
    const std::string item_path = codec::element_path(path, i);
    const double fraction = codec::as_number(items[i], item_path);
    if (!std::isfinite(fraction) || fraction < 0.0 || fraction > 1.0) {
      bad(item_path, items[i],
          "must be a fraction of the goal's conditional throughput from 0 (the latency "
          "streams alone) to 1");
    }
    if (std::find(fractions.begin(), fractions.end(), fraction) != fractions.end()) {
      bad(item_path, items[i], "is given twice");
    }
    fractions.push_back(fraction);
  }
  // Results list them by increasing load whatever the order given (CSIT writes
  // 0.9, 0.5, 0.1, 0).
  std::sort(fractions.begin(), fractions.end());
  return fractions;
}

std::vector<std::string> decode_goals(const Json::Value& list, const std::string& path,
                                      const mlr::ControllerConfig& config) {
  const Json::Value& items = codec::as_array(list, path);
  std::vector<std::string> goals;
  for (Json::ArrayIndex i = 0; i < items.size(); ++i) {
    const std::string item_path = codec::element_path(path, i);
    const std::string name = codec::as_string(items[i], item_path);
    bool known = false;
    for (std::size_t g = 0; g < config.goals.size(); ++g) {
      known = known || config.goals[g].label(g) == name;
    }
    if (!known)
      bad(item_path, items[i],
          "names no goal of the spec (its goals: " + goal_labels(config) + ")");
    if (std::find(goals.begin(), goals.end(), name) != goals.end()) {
      bad(item_path, items[i], "is given twice");
    }
    goals.push_back(name);
  }
  return goals;
}

// "latency" as an object: what to measure, and when.
void decode_latency_object(const Json::Value& json, JobSpec& spec) {
  codec::ObjectReader reader(json, "latency");
  const bool plr = spec.method == SearchMethod::plr;
  for (const char* key : {"fractions", "goals", "duration"}) {
    if (plr && reader.has(key)) {
      bad(reader.field_path(key), json[key],
          "applies to method \"mlr\" only (a PLR soak records latency on every trial)");
    }
  }
  if (const Json::Value* fractions = reader.optional_value("fractions")) {
    spec.latency.fractions = decode_fractions(*fractions, reader.field_path("fractions"));
  }
  if (const Json::Value* goals = reader.optional_value("goals")) {
    spec.latency.goals = decode_goals(*goals, reader.field_path("goals"), spec.mlr);
  }
  if (const auto duration = reader.optional_number("duration")) {
    if (!(*duration > 0.0)) {
      bad(reader.field_path("duration"), Json::Value(*duration),
          "must be a positive number of seconds");
    }
    spec.latency.duration = measure::Seconds{*duration};
  }
  spec.latency.every_trial = reader.optional_bool("every_trial").value_or(plr);
  if (plr && !spec.latency.every_trial) {
    bad(reader.field_path("every_trial"), Json::Value(false),
        "a PLR soak with latency records it on every trial; use \"latency\": false for none");
  }
  reader.reject_unknown_keys();
}

}  // namespace

void decode_latency_spec(const Json::Value* json, JobSpec& spec) {
  spec.latency = LatencySpec{};
  if (json == nullptr) {
    spec.latency_mode = LatencyMode::automatic;
    return;
  }
  if (is_fixed_load(spec.method) && !(json->isBool() && !json->asBool())) {
    // MRR and soaks run the main traffic alone; latency would change what they measure.
    bad("latency", *json,
        "applies to methods \"mlr\" and \"plr\" only; use \"latency\": false or leave it out");
  }
  if (json->isBool()) {
    // true: on, with every default.
    spec.latency_mode = json->asBool() ? LatencyMode::on : LatencyMode::off;
    spec.latency.every_trial = json->asBool() && spec.method == SearchMethod::plr;
    return;
  }
  if (!json->isObject()) {
    bad("latency", *json,
        "must be true, false or an object ({\"fractions\", \"goals\", \"duration\", "
        "\"every_trial\"})");
  }
  spec.latency_mode = LatencyMode::on;
  decode_latency_object(*json, spec);
}

void encode_latency_spec(const JobSpec& spec, Json::Value& job) {
  if (spec.latency_mode == LatencyMode::automatic) return;
  if (spec.latency_mode == LatencyMode::off) {
    job["latency"] = false;
    return;
  }
  Json::Value json(Json::objectValue);
  if (spec.method == SearchMethod::mlr) {
    Json::Value fractions(Json::arrayValue);
    for (const double fraction : spec.latency.fractions) fractions.append(fraction);
    json["fractions"] = fractions;
    Json::Value goals(Json::arrayValue);
    for (const std::string& goal : spec.latency.goals) goals.append(goal);
    json["goals"] = goals;
    if (spec.latency.duration) json["duration"] = spec.latency.duration->count();
  }
  json["every_trial"] = spec.latency.every_trial;
  job["latency"] = json;
}

}  // namespace trexsearch::service
