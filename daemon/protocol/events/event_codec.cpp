#include "daemon/protocol/events/event_codec.hpp"

#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_progress_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {

Document encode_event_arguments(const JobStartedEvent& event) {
  Json::Value json(Json::objectValue);
  json["job"] = Json::Int64{event.job};
  json["state"] = "running";
  if (event.skipped_trial_events > 0) {
    json["skipped_trial_events"] = Json::UInt64{event.skipped_trial_events};
  }
  return make_document(std::move(json));
}

Document encode_event_arguments(const JobEndedEvent& event) {
  Json::Value json(Json::objectValue);
  json["job"] = Json::Int64{event.job};
  json["state"] = std::string(to_string(event.state));
  json["reason"] = event.reason;
  if (event.skipped_trial_events > 0) {
    json["skipped_trial_events"] = Json::UInt64{event.skipped_trial_events};
  }
  return make_document(std::move(json));
}

void decode_event_arguments(const Document& arguments, JobStartedEvent& event) {
  const ReplyFields fields(json_of(arguments), "arguments");
  event.job = fields.int64("job");
  const bool skipped = json_of(arguments).isMember("skipped_trial_events");
  event.skipped_trial_events = skipped ? fields.count("skipped_trial_events") : 0;
}

void decode_event_arguments(const Document& arguments, JobEndedEvent& event) {
  const ReplyFields fields(json_of(arguments), "arguments");
  event.job = fields.int64("job");
  event.state = fields.job_state("state");
  event.reason = fields.text("reason");
  const bool skipped = json_of(arguments).isMember("skipped_trial_events");
  event.skipped_trial_events = skipped ? fields.count("skipped_trial_events") : 0;
}

namespace {

std::uint64_t skipped_of(const Json::Value& json, const ReplyFields& fields) {
  return json.isMember("skipped_trial_events") ? fields.count("skipped_trial_events") : 0;
}

}  // namespace

Document encode_event_arguments(const TrialEvent& event) {
  Json::Value json(Json::objectValue);
  json["job"] = Json::Int64{event.job};
  json["trial_count"] = Json::UInt64{event.trial_count};
  if (event.trial) {
    const TrialRecord& trial = *event.trial;
    json["trial"] = Json::UInt64{trial.number};
    json["phase"] = trial.phase;
    json["load"] = trial.load_pps;
    json["duration"] = trial.intended_duration_s;
    json["loss_ratio"] = trial.loss_ratio;
    json["search_time"] = event.search_time_s;
    encode_trial_remarks(trial, json);
  }
  json["goals"] = encode_goal_progress(event.goals);
  if (event.estimate) json["estimate"] = encode_estimate(*event.estimate);
  if (event.search_time_limit_s) json["search_time_limit"] = *event.search_time_limit_s;
  if (event.skipped_trial_events > 0) {
    json["skipped_trial_events"] = Json::UInt64{event.skipped_trial_events};
  }
  return make_document(std::move(json));
}

void decode_event_arguments(const Document& arguments, TrialEvent& event) {
  const Json::Value& json = json_of(arguments);
  const ReplyFields fields(json, "arguments");
  event.job = fields.int64("job");
  event.trial_count = fields.count("trial_count");
  if (json.isMember("trial")) {
    TrialRecord trial;
    trial.number = fields.count("trial");
    trial.phase = fields.text("phase");
    trial.load_pps = codec::as_number(json["load"], fields.path_of("load"));
    trial.intended_duration_s = codec::as_number(json["duration"], fields.path_of("duration"));
    trial.loss_ratio = codec::as_number(json["loss_ratio"], fields.path_of("loss_ratio"));
    decode_trial_remarks(json, "arguments", trial);
    event.trial = std::move(trial);
    event.search_time_s = codec::as_number(json["search_time"], fields.path_of("search_time"));
  }
  event.goals = decode_goal_progress(fields.array("goals"), fields.path_of("goals"));
  if (json.isMember("estimate") && !json["estimate"].isNull()) {
    event.estimate = decode_estimate(json["estimate"], fields.path_of("estimate"));
  }
  if (json.isMember("search_time_limit") && !json["search_time_limit"].isNull()) {
    event.search_time_limit_s =
        codec::as_number(json["search_time_limit"], fields.path_of("search_time_limit"));
  }
  event.skipped_trial_events = skipped_of(json, fields);
}

WatchEvent decode_watch_event(std::string_view name, const Document& arguments) {
  if (name == JobStartedEvent::kEvent) return decode_event_arguments<JobStartedEvent>(arguments);
  if (name == TrialEvent::kEvent) return decode_event_arguments<TrialEvent>(arguments);
  if (name == JobEndedEvent::kEvent) return decode_event_arguments<JobEndedEvent>(arguments);
  const Json::Value& json = json_of(arguments);
  const std::uint64_t skipped =
      json.isObject() ? skipped_of(json, ReplyFields(json, "arguments")) : 0;
  return OtherEvent{std::string(name), skipped};
}

}  // namespace trexsearch::protocol
