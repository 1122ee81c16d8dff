#include "daemon/dispatch/event_codec.hpp"

#include <stdexcept>

#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"

namespace trexsearch::service {
namespace {

// The protocol's event struct is the only writer of each event's shape
// (daemon/protocol/events/event_codec.cpp); here the daemon's event only picks it.
template <class ProtocolEvent>
std::string line_of(const protocol::RequestId& id, ProtocolEvent event,
                    std::uint64_t skipped_trial_events) {
  event.skipped_trial_events = skipped_trial_events;
  return protocol::encode_event(protocol::Event{id, std::string(ProtocolEvent::kEvent),
                                                protocol::encode_event_arguments(event)});
}

}  // namespace

std::string encode_watch_event(const protocol::RequestId& id, const JobEvent& event,
                               std::uint64_t skipped_trial_events) {
  switch (event.kind) {
    case JobEvent::Kind::started:
      return line_of(id, protocol::JobStartedEvent{event.job}, skipped_trial_events);
    case JobEvent::Kind::trial:
      if (!event.progress) throw std::logic_error("a trial event without progress");
      return line_of(id, trial_event_of(event.job, *event.progress), skipped_trial_events);
    case JobEvent::Kind::ended:
      return line_of(id, protocol::JobEndedEvent{event.job, event.state, event.reason},
                     skipped_trial_events);
  }
  throw std::logic_error("a watch event of no known kind");
}

}  // namespace trexsearch::service
