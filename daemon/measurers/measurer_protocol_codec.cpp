#include "daemon/measurers/measurer_protocol_codec.hpp"

#include <json/value.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/codec/trial_detail_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

constexpr std::size_t kQuotedLineChars = 200;

std::string quoted(std::string_view line) {
  return "'" + truncate_text(std::string(line), kQuotedLineChars) + "'";
}

measure::TrialOutcome read_outcome(const Json::Value& json) {
  ObjectReader reader(json, "reply");
  measure::TrialOutcome outcome;
  // Negative loss is legal: the SUT duplicated frames (it counts as loss later).
  read_frame_counts(reader, outcome);
  outcome.effective_duration = read_effective_duration(reader);
  (void)reader.has("notes");  // a known key; absent or null means none
  outcome.notes = codec::optional_notes(json, "notes", "reply");
  // Per-direction counts, the tester limit and the counters used (optional): a
  // generator that could not send the intended load must be able to say so, or
  // its trials would be judged as the SUT's.
  decode_trial_detail(json, outcome, "reply");
  for (const char* key : {"directions", "tester_limited_pps", "counters"}) (void)reader.has(key);
  reader.reject_unknown_keys();
  return outcome;
}

}  // namespace

std::string encode_measurer_request(const MeasurerRequest& request) {
  Json::Value json(Json::objectValue);
  json["duration"] = request.duration.count();
  json["load"] = request.load_pps;
  return to_compact_json(json);
}

MeasurerRequest decode_measurer_request(std::string_view line) {
  Json::Value json;
  try {
    json = parse_strict_json(line, "measurer request");
  } catch (const JsonSyntaxError& error) {
    // The header promises ConfigError for every bad request (found by fuzzing).
    throw measure::ConfigError("request", quoted(line),
                               std::string("not valid JSON: ") + error.what());
  }
  ObjectReader reader(json, "request");
  MeasurerRequest request;
  request.duration = measure::Seconds{reader.number("duration")};
  request.load_pps = reader.number("load");
  reader.reject_unknown_keys();
  if (!(request.duration.count() > 0.0)) {
    throw measure::ConfigError("request.duration", measure::format_value(request.duration.count()),
                               "must be positive");
  }
  if (!(request.load_pps > 0.0)) {
    throw measure::ConfigError("request.load", measure::format_value(request.load_pps),
                               "must be positive");
  }
  return request;
}

measure::TrialOutcome decode_measurer_reply(std::string_view line) {
  Json::Value json;
  try {
    json = parse_strict_json(line, "reply");
  } catch (const JsonSyntaxError& error) {
    throw measure::MeasurementError("measurer reply is not valid JSON (" +
                                    std::string(error.what()) + "): " + quoted(line));
  }
  if (json.isObject() && json.isMember("error")) {
    // The measurer's own words, whatever else the object holds.
    const Json::Value& message = json["error"];
    throw measure::MeasurementError(
        "measurer reported an error: " +
        truncate_text(message.isString() ? message.asString() : quote_json(message),
                      kQuotedLineChars * 5));
  }
  try {
    return read_outcome(json);
  } catch (const measure::ConfigError& error) {
    throw measure::MeasurementError("bad measurer reply: " + std::string(error.what()) +
                                    "; line: " + quoted(line));
  }
}

std::string encode_measurer_reply(const measure::TrialOutcome& outcome) {
  Json::Value json(Json::objectValue);
  json["offered_count"] = Json::Int64{outcome.offered_count};
  json["loss_count"] = Json::Int64{outcome.loss_count};
  if (outcome.intended_count) json["intended_count"] = Json::Int64{*outcome.intended_count};
  if (outcome.effective_duration) json["effective_duration"] = outcome.effective_duration->count();
  if (!outcome.notes.empty()) {
    json["notes"] = codec::encode_notes(outcome.notes);
  }
  const Json::Value detail = encode_trial_detail(outcome);
  for (const std::string& key : detail.getMemberNames()) {
    if (key != "directions" || !outcome.directions.empty()) json[key] = detail[key];
  }
  return to_compact_json(json);
}

std::string encode_measurer_error_reply(std::string_view message) {
  Json::Value json(Json::objectValue);
  json["error"] = std::string(message);
  return to_compact_json(json);
}

}  // namespace trexsearch::codec
