#include "daemon/jobs/job_end.hpp"

namespace trexsearch::service {

JobEnd end_of_run(const RunFacts& facts) {
  const bool completed = facts.outcome == RunOutcome::Kind::completed;
  const bool manager_failed =
      !facts.failure.empty() && (!completed || facts.failure_overrides_completion);
  JobEnd end{JobState::finished, facts.outcome_reason};
  if (completed && !manager_failed) return end;
  if (completed) {
    // The search completed but its trials are not all stored: the result could not
    // be reproduced from the store. A cancel after the search ended changes nothing;
    // a daemon stopping leaves it to resume, measuring the missing trial again.
    if (facts.shutting_down) {
      return {JobState::interrupted,
              "trex-searchd stopped while the job ran; it resumes at the next start"};
    }
    return {JobState::failed, facts.failure};
  }
  if (facts.cancelled) {
    return {JobState::cancelled,
            "cancelled by " + facts.cancelled_by + " while running" +
                (facts.outcome_reason.empty() ? "" : ": " + facts.outcome_reason)};
  }
  if (facts.shutting_down) {
    return {JobState::interrupted,
            "trex-searchd stopped while the job ran; it resumes at the next start"};
  }
  // The search was stopped for this (store, trial limit): not a cancel.
  if (manager_failed) return {JobState::failed, facts.failure};
  end.state = facts.outcome == RunOutcome::Kind::failed ? JobState::failed : JobState::cancelled;
  return end;
}

}  // namespace trexsearch::service
