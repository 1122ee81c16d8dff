#include "daemon/protocol/replies/trial_record_codec.hpp"

#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/codec/trial_detail_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

using codec::member_path;
using codec::optional_int64;
using codec::optional_number;
using codec::present;

Json::Value number_or_null(const std::optional<double>& value) {
  return value ? Json::Value(*value) : Json::Value(Json::nullValue);
}

Json::Value count_or_null(const std::optional<std::int64_t>& value) {
  return value ? Json::Value(Json::Int64{*value}) : Json::Value(Json::nullValue);
}

// Directions as the trial detail codec writes them; derived keys and keys a newer
// daemon appends are read past (a client must keep working).
measure::DirectionCounts decode_direction(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  measure::DirectionCounts direction;
  direction.name = fields.optional_text("direction").value_or("");
  direction.intended = fields.int64("intended");
  direction.offered = fields.int64("offered");
  direction.received = fields.int64("received");
  return direction;
}

}  // namespace

void encode_trial_remarks(const TrialRecord& trial, Json::Value& json) {
  // Null rather than absent: the key is in every shape that carries remarks.
  json["measured_loss_ratio"] = number_or_null(trial.measured_loss_ratio);
  json["notes"] = codec::encode_notes(trial.notes);
  Json::Value directions(Json::arrayValue);
  for (const measure::DirectionCounts& direction : trial.directions) {
    directions.append(codec::encode_direction(direction));
  }
  json["directions"] = directions;
  if (trial.tester_limited_pps) json["tester_limited_pps"] = *trial.tester_limited_pps;
  if (!trial.counters.empty()) json["counters"] = trial.counters;
  if (!trial.latency.empty()) {
    json["latency"] =
        codec::encode_latency_list(trial.latency, codec::LatencyHistograms::leave_out);
  }
}

void decode_trial_remarks(const Json::Value& json, const std::string& path, TrialRecord& trial) {
  trial.measured_loss_ratio = optional_number(json, "measured_loss_ratio", path);
  trial.notes = codec::optional_notes(json, "notes", path);
  if (present(json, "directions")) {
    const std::string directions_path = member_path(path, "directions");
    const Json::Value& directions = codec::as_array(json["directions"], directions_path);
    for (Json::ArrayIndex i = 0; i < directions.size(); ++i) {
      trial.directions.push_back(
          decode_direction(directions[i], codec::element_path(directions_path, i)));
    }
  }
  trial.tester_limited_pps = optional_number(json, "tester_limited_pps", path);
  if (present(json, "counters")) {
    trial.counters = codec::as_string(json["counters"], member_path(path, "counters"));
  }
  if (present(json, "latency")) {
    trial.latency = codec::decode_latency_list(json["latency"], member_path(path, "latency"));
  }
}

Json::Value encode_trial_record(const TrialRecord& trial) {
  Json::Value json(Json::objectValue);
  json["number"] = Json::UInt64{trial.number};
  if (!trial.phase.empty()) json["phase"] = trial.phase;
  json["load"] = trial.load_pps;
  json["intended_duration"] = trial.intended_duration_s;
  json["effective_duration"] = number_or_null(trial.effective_duration_s);
  json["offered_count"] = count_or_null(trial.offered_count);
  json["loss_count"] = count_or_null(trial.loss_count);
  json["intended_count"] = count_or_null(trial.intended_count);
  json["loss_ratio"] = trial.loss_ratio;
  encode_trial_remarks(trial, json);
  if (trial.started_at_s) json["started_at"] = *trial.started_at_s;
  if (trial.recorded_at) json["recorded_at"] = *trial.recorded_at;
  if (trial.estimate) {
    json["estimate"] =
        *trial.estimate ? encode_estimate(**trial.estimate) : Json::Value(Json::nullValue);
  }
  return json;
}

TrialRecord decode_trial_record(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  TrialRecord trial;
  trial.number = fields.count("number");
  trial.phase = fields.optional_text("phase").value_or("");
  trial.load_pps = codec::as_number(json["load"], fields.path_of("load"));
  trial.intended_duration_s =
      codec::as_number(json["intended_duration"], fields.path_of("intended_duration"));
  trial.effective_duration_s = optional_number(json, "effective_duration", path);
  trial.offered_count = optional_int64(json, "offered_count", path);
  trial.loss_count = optional_int64(json, "loss_count", path);
  trial.intended_count = optional_int64(json, "intended_count", path);
  trial.loss_ratio = codec::as_number(json["loss_ratio"], fields.path_of("loss_ratio"));
  decode_trial_remarks(json, path, trial);
  trial.started_at_s = optional_number(json, "started_at", path);
  trial.recorded_at = fields.optional_text("recorded_at");
  if (json.isMember("estimate")) {
    trial.estimate = present(json, "estimate")
                         ? std::optional(decode_estimate(json["estimate"], path + ".estimate"))
                         : std::nullopt;
  }
  return trial;
}

std::vector<TrialRecord> decode_trial_records(const Json::Value& json, const std::string& path) {
  std::vector<TrialRecord> trials;
  if (json.isNull()) return trials;
  const Json::Value& array = codec::as_array(json, path);
  for (Json::ArrayIndex i = 0; i < array.size(); ++i) {
    trials.push_back(decode_trial_record(array[i], codec::element_path(path, i)));
  }
  return trials;
}

Json::Value encode_estimate(const plr::PlrEstimate& estimate) {
  return codec::encode_plr_estimate(estimate);
}

plr::PlrEstimate decode_estimate(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  const auto number = [&](const char* key) {
    return codec::as_number(json[key], fields.path_of(key));
  };
  plr::PlrEstimate estimate;
  estimate.average_pps = number("average");
  estimate.stdev_pps = number("stdev");
  estimate.lower_pps = number("lower");
  estimate.upper_pps = number("upper");
  // Results stored before the log-space values were written have none.
  const auto optional = [&](const char* key) { return present(json, key) ? number(key) : 0.0; };
  estimate.log_center = optional("log_center");
  estimate.log_stdev = optional("log_stdev");
  return estimate;
}

}  // namespace trexsearch::protocol
