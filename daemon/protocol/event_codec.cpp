#include "daemon/protocol/event_codec.hpp"

#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {

Document encode_event_arguments(const JobStartedEvent& event) {
  Json::Value json(Json::objectValue);
  json["job"] = Json::Int64{event.job};
  json["state"] = "running";
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
  event.job = ReplyFields(json_of(arguments), "arguments").int64("job");
}

void decode_event_arguments(const Document& arguments, JobEndedEvent& event) {
  const ReplyFields fields(json_of(arguments), "arguments");
  event.job = fields.int64("job");
  event.state = fields.job_state("state");
  event.reason = fields.text("reason");
  const bool skipped = json_of(arguments).isMember("skipped_trial_events");
  event.skipped_trial_events = skipped ? fields.count("skipped_trial_events") : 0;
}

}  // namespace trexsearch::protocol
