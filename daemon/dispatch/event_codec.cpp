#include "daemon/dispatch/event_codec.hpp"

#include <stdexcept>

#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/replies/event_codec.hpp"

namespace trexsearch::service {
namespace {

Json::Value event_arguments(const JobEvent& event) {
  Json::Value arguments(Json::objectValue);
  switch (event.kind) {
    case JobEvent::Kind::started:
      arguments =
          protocol::json_of(protocol::encode_event_arguments(protocol::JobStartedEvent{event.job}));
      break;
    case JobEvent::Kind::trial:
      if (!event.progress) throw std::logic_error("a trial event without progress");
      arguments = protocol::json_of(
          protocol::encode_event_arguments(trial_event_of(event.job, *event.progress)));
      break;
    case JobEvent::Kind::ended:
      arguments = protocol::json_of(protocol::encode_event_arguments(
          protocol::JobEndedEvent{event.job, event.state, event.reason, 0}));
      break;
  }
  return arguments;
}

const char* event_name(JobEvent::Kind kind) {
  switch (kind) {
    case JobEvent::Kind::started:
      return "job.started";
    case JobEvent::Kind::trial:
      return "trial";
    case JobEvent::Kind::ended:
      return "job.ended";
  }
  return "unknown";
}

}  // namespace

std::string encode_watch_event(const protocol::RequestId& id, const JobEvent& event,
                               std::uint64_t skipped_trial_events) {
  Json::Value arguments = event_arguments(event);
  if (skipped_trial_events > 0)
    arguments["skipped_trial_events"] = Json::UInt64{skipped_trial_events};
  return protocol::encode_event(
      protocol::Event{id, event_name(event.kind), protocol::make_document(std::move(arguments))});
}

}  // namespace trexsearch::service
