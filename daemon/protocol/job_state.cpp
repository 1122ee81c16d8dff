#include "daemon/protocol/job_state.hpp"

namespace trexsearch::protocol {

std::string_view to_string(JobState state) {
  switch (state) {
    case JobState::queued:
      return "queued";
    case JobState::running:
      return "running";
    case JobState::interrupted:
      return "interrupted";
    case JobState::finished:
      return "finished";
    case JobState::failed:
      return "failed";
    case JobState::cancelled:
      return "cancelled";
  }
  return "unknown";
}

std::optional<JobState> job_state_from_string(std::string_view name) {
  for (const JobState state : {JobState::queued, JobState::running, JobState::interrupted,
                               JobState::finished, JobState::failed, JobState::cancelled}) {
    if (to_string(state) == name) return state;
  }
  return std::nullopt;
}

bool is_final(JobState state) {
  return state == JobState::finished || state == JobState::failed || state == JobState::cancelled;
}

}  // namespace trexsearch::protocol
