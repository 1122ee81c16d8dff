// The job's end state as a table (issue #15 item 3): every combination of how the
// run ended, a cancel, a daemon shutdown and a manager's failure, and what the job
// becomes. A pure function, so the table is the whole specification.
#include <doctest/doctest.h>

#include "daemon/jobs/job_end.hpp"

namespace trexsearch::service {
namespace {

using Kind = RunOutcome::Kind;

struct Row {
  Kind outcome;
  bool cancelled;
  bool shutting_down;
  const char* failure;
  bool overrides;
  JobState state;
  const char* reason;
};

const char* name_of(Kind kind) {
  return kind == Kind::completed ? "completed" : kind == Kind::stopped ? "stopped" : "failed";
}

}  // namespace

TEST_CASE("a run's end state: the table") {
  const std::string resumes =
      "trex-searchd stopped while the job ran; it resumes at the next start";
  // outcome reason is "R" throughout; the cancel comes from "uid 1".
  const Row rows[] = {
      // A search that completed finishes the job, whatever came after it...
      {Kind::completed, false, false, "", false, JobState::finished, "R"},
      {Kind::completed, true, false, "", false, JobState::finished, "R"},
      {Kind::completed, false, true, "", false, JobState::finished, "R"},
      {Kind::completed, false, false, "trial limit", false, JobState::finished, "R"},
      // ...unless a failure that stands anyway came too (a trial not stored): the
      // result could not be reproduced from the store. A cancel after the search
      // ended changes nothing; a daemon stopping leaves it to resume.
      {Kind::completed, false, false, "lost trial", true, JobState::failed, "lost trial"},
      {Kind::completed, true, false, "lost trial", true, JobState::failed, "lost trial"},
      {Kind::completed, false, true, "lost trial", true, JobState::interrupted, resumes.c_str()},
      // Stopped: by a cancel, by the daemon stopping, else by the manager's failure.
      {Kind::stopped, true, false, "", false, JobState::cancelled,
       "cancelled by uid 1 while running: R"},
      {Kind::stopped, false, true, "", false, JobState::interrupted, resumes.c_str()},
      {Kind::stopped, true, true, "", false, JobState::cancelled,
       "cancelled by uid 1 while running: R"},
      {Kind::stopped, false, false, "trial limit", false, JobState::failed, "trial limit"},
      {Kind::stopped, false, false, "", false, JobState::cancelled, "R"},
      // Failed: a cancel or shutdown explains it first (the measurer saw the stop).
      {Kind::failed, false, false, "", false, JobState::failed, "R"},
      {Kind::failed, true, false, "", false, JobState::cancelled,
       "cancelled by uid 1 while running: R"},
      {Kind::failed, false, true, "", false, JobState::interrupted, resumes.c_str()},
      {Kind::failed, false, false, "store full", true, JobState::failed, "store full"},
  };
  for (const Row& row : rows) {
    CAPTURE(name_of(row.outcome));
    CAPTURE(row.cancelled);
    CAPTURE(row.shutting_down);
    CAPTURE(row.failure);
    CAPTURE(row.overrides);
    RunFacts facts;
    facts.outcome = row.outcome;
    facts.outcome_reason = "R";
    facts.cancelled = row.cancelled;
    facts.cancelled_by = "uid 1";
    facts.shutting_down = row.shutting_down;
    facts.failure = row.failure;
    facts.failure_overrides_completion = row.overrides;
    const JobEnd end = end_of_run(facts);
    CHECK(to_string(end.state) == to_string(row.state));
    CHECK(end.reason == row.reason);
  }
}

TEST_CASE("a cancel of a run without a reason names only who cancelled") {
  RunFacts facts;
  facts.outcome = Kind::stopped;
  facts.cancelled = true;
  facts.cancelled_by = "uid 0 gid 0 pid 7";
  CHECK(end_of_run(facts) ==
        JobEnd{JobState::cancelled, "cancelled by uid 0 gid 0 pid 7 while running"});
}

}  // namespace trexsearch::service
