#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "daemon/model/job_record.hpp"
#include "daemon/model/suite_record.hpp"

namespace trexsearch::service {

// What the fleet replicator has sent of each job (docs/fleet.md "Replication"): the
// watermark it keeps in the job store, so that it resumes where it was after a
// daemon or server restart. Sending again is harmless (the fleet database keeps each
// trial once), so a mark only has to be no further than what was sent.

/// What was sent of one job.
struct ReplicationMark {
  /// The job's state as last sent ("running", "finished", ...).
  std::string state;
  /// The highest trial number sent (trials are numbered from 1, in order).
  std::uint64_t trials_sent = 0;
  /// How many of its hook runs were sent (they are sent in the order they ran).
  std::uint64_t hooks_sent = 0;
  /// Ended and everything sent: never looked at again.
  bool complete = false;
};

/// A job with something the fleet database does not have yet.
struct ReplicationWork {
  JobId job = 0;
  std::string state;
  /// Its highest stored trial number, 0 without trials.
  std::uint64_t last_trial = 0;
  std::uint64_t hook_runs = 0;
  /// Absent: nothing of it was sent yet.
  std::optional<ReplicationMark> sent;

  /// Rows the fleet database lacks: unsent trials and hook runs, plus the job's own
  /// row when its state changed.
  std::uint64_t rows_behind() const {
    const std::uint64_t trials =
        sent ? last_trial - std::min(last_trial, sent->trials_sent) : last_trial;
    const std::uint64_t hooks =
        sent ? hook_runs - std::min(hook_runs, sent->hooks_sent) : hook_runs;
    const std::uint64_t job_row = !sent || sent->state != state ? 1 : 0;
    return trials + hooks + job_row;
  }
};

/// A job's place in a suite, for the fleet's suite columns.
struct SuiteMembership {
  SuiteId suite = 0;
  std::string suite_name;
  SuiteJobLink link;
};

}  // namespace trexsearch::service
