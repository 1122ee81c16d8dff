#include "daemon/codec/trial_detail_codec.hpp"

#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

Json::Value directions_json(const std::vector<measure::DirectionCounts>& directions) {
  Json::Value list(Json::arrayValue);
  for (const measure::DirectionCounts& direction : directions)
    list.append(encode_direction(direction));
  return list;
}

std::int64_t non_negative(ObjectReader& reader, std::string_view key, std::int64_t value) {
  if (value < 0) {
    throw measure::ConfigError(reader.field_path(key), std::to_string(value),
                               "must not be negative");
  }
  return value;
}

}  // namespace

Json::Value encode_notes(const std::vector<measure::TrialNote>& notes) {
  Json::Value list(Json::arrayValue);
  for (const measure::TrialNote& note : notes) list.append(note.text());
  return list;
}

std::vector<measure::TrialNote> optional_notes(const Json::Value& object, const char* key,
                                               const std::string& path) {
  return measure::parse_notes(optional_strings(object, key, path));
}

Json::Value encode_direction(const measure::DirectionCounts& direction) {
  Json::Value json(Json::objectValue);
  json["direction"] = direction.name;
  json["intended"] = Json::Int64{direction.intended};
  json["offered"] = Json::Int64{direction.offered};
  json["received"] = Json::Int64{direction.received};
  json["loss"] = Json::Int64{direction.loss()};
  json["unsent"] = Json::Int64{direction.unsent()};
  json["loss_ratio"] = direction.loss_ratio();
  return json;
}

measure::DirectionCounts decode_direction(const Json::Value& json, const std::string& path) {
  ObjectReader reader(json, path);
  measure::DirectionCounts direction;
  direction.name = reader.optional_string("direction").value_or("");
  direction.intended = reader.int64("intended");
  direction.offered = reader.int64("offered");
  direction.received = reader.int64("received");
  for (const char* derived : {"loss", "unsent", "loss_ratio"}) (void)reader.has(derived);
  reader.reject_unknown_keys();
  if (direction.intended < 0 || direction.offered < 0 || direction.received < 0) {
    throw measure::ConfigError(path, json.toStyledString(), "counts must not be negative");
  }
  return direction;
}

Json::Value encode_trial_detail(const measure::TrialOutcome& outcome) {
  Json::Value json(Json::objectValue);
  json["directions"] = directions_json(outcome.directions);
  if (outcome.tester_limited_pps) json["tester_limited_pps"] = *outcome.tester_limited_pps;
  if (!outcome.counters.empty()) json["counters"] = outcome.counters;
  if (!outcome.latency.empty()) {
    json["latency"] = encode_latency_list(outcome.latency, LatencyHistograms::leave_out);
  }
  return json;
}

Json::Value encode_trial_detail(const measure::TrialResult& trial) {
  Json::Value json(Json::objectValue);
  json["directions"] = directions_json(trial.directions());
  if (trial.tester_limited_pps()) json["tester_limited_pps"] = *trial.tester_limited_pps();
  if (!trial.counters().empty()) json["counters"] = trial.counters();
  if (!trial.latency().empty()) {
    json["latency"] = encode_latency_list(trial.latency(), LatencyHistograms::leave_out);
  }
  return json;
}

void decode_trial_detail(const Json::Value& json, measure::TrialOutcome& outcome,
                         const std::string& path) {
  if (!json.isObject())
    throw measure::ConfigError(path, json.toStyledString(), "must be an object");
  if (json.isMember("directions") && !json["directions"].isNull()) {
    const Json::Value& list = as_array(json["directions"], member_path(path, "directions"));
    for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
      outcome.directions.push_back(
          decode_direction(list[i], element_path(member_path(path, "directions"), i)));
    }
  }
  if (json.isMember("tester_limited_pps") && !json["tester_limited_pps"].isNull()) {
    const double rate =
        as_number(json["tester_limited_pps"], member_path(path, "tester_limited_pps"));
    if (!(rate >= 0.0)) {
      throw measure::ConfigError(member_path(path, "tester_limited_pps"),
                                 measure::format_value(rate), "must be a rate >= 0");
    }
    outcome.tester_limited_pps = rate;
  }
  if (json.isMember("counters") && !json["counters"].isNull()) {
    outcome.counters = as_string(json["counters"], member_path(path, "counters"));
  }
  if (json.isMember("latency") && !json["latency"].isNull()) {
    outcome.latency = decode_latency_list(json["latency"], member_path(path, "latency"));
  }
}

void read_frame_counts(ObjectReader& reader, measure::TrialOutcome& outcome) {
  // int64() names the missing one when only one of the pair is given.
  outcome.offered_count = non_negative(reader, "offered_count", reader.int64("offered_count"));
  outcome.loss_count = reader.int64("loss_count");
  if (outcome.loss_count > outcome.offered_count) {
    throw measure::ConfigError(reader.field_path("loss_count"), std::to_string(outcome.loss_count),
                               "more frames lost than offered (offered_count = " +
                                   std::to_string(outcome.offered_count) + ")");
  }
  if (auto value = reader.optional_int64("intended_count")) {
    outcome.intended_count = non_negative(reader, "intended_count", *value);
  }
}

std::optional<measure::Seconds> read_effective_duration(ObjectReader& reader) {
  const auto value = reader.optional_number("effective_duration");
  if (!value) return std::nullopt;
  if (!(*value > 0.0)) {
    throw measure::ConfigError(reader.field_path("effective_duration"),
                               measure::format_value(*value), "must be positive");
  }
  return measure::Seconds{*value};
}

}  // namespace trexsearch::codec
