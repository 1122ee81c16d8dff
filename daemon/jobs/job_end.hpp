#pragma once

#include <string>

#include "daemon/model/job_runner.hpp"
#include "daemon/protocol/job_state.hpp"

namespace trexsearch::service {

/// What happened to one run of a job, as the job manager saw it.
struct RunFacts {
  /// How the runner's run ended, and its reason (the search's stop detail or the
  /// failure).
  RunOutcome::Kind outcome = RunOutcome::Kind::completed;
  std::string outcome_reason;
  /// A client cancelled it while it ran (and who).
  bool cancelled = false;
  std::string cancelled_by;
  /// The daemon was stopping (SIGTERM, shutdown).
  bool shutting_down = false;
  /// Why the manager stopped the run although the search did not fail (a trial that
  /// could not be stored, the trial limit); empty when it did not.
  std::string failure;
  /// Whether that failure stands when the search completed anyway (a lost trial
  /// does; reaching the trial limit with the last trial does not).
  bool failure_overrides_completion = false;
};

/// The state a run leaves the job in, and the reason stored with it.
struct JobEnd {
  JobState state = JobState::finished;
  std::string reason;

  bool operator==(const JobEnd&) const = default;
};

/// The job's end state from what happened, a pure function (tested as a table in
/// job_end_test.cpp): a completed search finishes the job, unless a failure that
/// overrides completion (a trial not stored) came too: then it fails, or, when the
/// daemon is stopping, is interrupted to resume. A run that did not complete and
/// was asked to stop ended because of that (cancelled by a client; interrupted,
/// to resume, when the daemon stops), whatever the measurer made of being
/// interrupted; else a manager's failure fails it; else the runner's own failure
/// or stop.
JobEnd end_of_run(const RunFacts& facts);

}  // namespace trexsearch::service
