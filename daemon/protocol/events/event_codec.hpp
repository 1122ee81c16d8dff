#pragma once

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/events/events.hpp"

namespace trexsearch::protocol {

/// Each event struct <-> the event line's `arguments` (strict where it matters,
/// passing over keys it does not know, as the reply codecs).
Document encode_event_arguments(const JobStartedEvent& event);
Document encode_event_arguments(const JobEndedEvent& event);
/// `{"job", "trial_count", "trial", "phase", "load", "duration", "loss_ratio",
/// "search_time", ...the trial's remarks, "goals", "estimate"?, "search_time_limit"?,
/// "skipped_trial_events"?}` (the trial's keys only when there is one).
Document encode_event_arguments(const TrialEvent& event);
void decode_event_arguments(const Document& arguments, JobStartedEvent& event);
void decode_event_arguments(const Document& arguments, JobEndedEvent& event);
void decode_event_arguments(const Document& arguments, TrialEvent& event);

/// The event named `name` (an event line's `event`) read from its arguments;
/// a name this client does not know is an OtherEvent.
WatchEvent decode_watch_event(std::string_view name, const Document& arguments);

/// The event struct `E` read from an event's arguments.
template <class E>
E decode_event_arguments(const Document& arguments) {
  E event;
  decode_event_arguments(arguments, event);
  return event;
}

}  // namespace trexsearch::protocol
