#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "daemon/protocol/job_state.hpp"

namespace trexsearch::protocol {

// The `watch` stream's events that are the protocol's own structs (docs/
// socket-api.md "watch"); event_codec.hpp writes and reads each. The `trial`
// event carries the daemon's progress record and is written by the daemon's
// event codec.

/// The job left the queue (or was resumed).
struct JobStartedEvent {
  static constexpr std::string_view kEvent = "job.started";
  JobId job = 0;
  friend bool operator==(const JobStartedEvent&, const JobStartedEvent&) = default;
};

/// The job reached a final state, or was interrupted (the daemon is stopping).
struct JobEndedEvent {
  static constexpr std::string_view kEvent = "job.ended";
  JobId job = 0;
  JobState state = JobState::finished;
  std::string reason;
  /// Trial events a slow reader did not get before this one (0: none).
  std::uint64_t skipped_trial_events = 0;
  friend bool operator==(const JobEndedEvent&, const JobEndedEvent&) = default;
};

}  // namespace trexsearch::protocol
