#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "daemon/protocol/job_state.hpp"
#include "daemon/protocol/replies/job_progress.hpp"

namespace trexsearch::protocol {

// The `watch` stream's events that are the protocol's own structs (docs/
// socket-api.md "watch"); event_codec.hpp writes and reads each.

/// The job left the queue (or was resumed).
struct JobStartedEvent {
  static constexpr std::string_view kEvent = "job.started";
  JobId job = 0;
  /// Trial events a slow reader did not get before this one (0: none).
  std::uint64_t skipped_trial_events = 0;
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

/// A live trial completed and was stored: the trial and where the search stands.
struct TrialEvent {
  static constexpr std::string_view kEvent = "trial";
  JobId job = 0;
  std::uint64_t trial_count = 0;
  /// The trial (number, phase, load, intended duration, loss ratio, remarks);
  /// absent only for a job that has no trial yet.
  std::optional<TrialRecord> trial;
  /// Search clock when the trial ended [s] (with `trial`).
  double search_time_s = 0.0;
  /// MLR: each goal's bounds; PLR: the estimate.
  std::vector<GoalProgress> goals;
  std::optional<plr::PlrEstimate> estimate;
  std::optional<double> search_time_limit_s;
  /// Trial events a slow reader did not get before this one (0: none).
  std::uint64_t skipped_trial_events = 0;
};

/// An event this client does not know (a newer daemon's): its name only.
struct OtherEvent {
  std::string name;
  std::uint64_t skipped_trial_events = 0;
  friend bool operator==(const OtherEvent&, const OtherEvent&) = default;
};

/// Any `watch` event, as a client reads the stream.
using WatchEvent = std::variant<JobStartedEvent, TrialEvent, JobEndedEvent, OtherEvent>;

}  // namespace trexsearch::protocol
