#pragma once

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/events.hpp"

namespace trexsearch::protocol {

/// Each event struct <-> the event line's `arguments` (strict where it matters,
/// passing over keys it does not know, as the reply codecs).
Document encode_event_arguments(const JobStartedEvent& event);
Document encode_event_arguments(const JobEndedEvent& event);
void decode_event_arguments(const Document& arguments, JobStartedEvent& event);
void decode_event_arguments(const Document& arguments, JobEndedEvent& event);

/// The event struct `E` read from an event's arguments.
template <class E>
E decode_event_arguments(const Document& arguments) {
  E event;
  decode_event_arguments(arguments, event);
  return event;
}

}  // namespace trexsearch::protocol
