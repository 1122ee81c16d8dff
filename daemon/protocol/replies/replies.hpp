#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/job_state.hpp"

namespace trexsearch::protocol {

// The replies whose arguments are flat enough to be the protocol's own structs
// (docs/socket-api.md "Commands"); reply_codec.hpp writes and reads each. The
// daemon fills them from its records; clients read them typed. Times are the
// wire's ISO 8601 UTC strings.

/// The `JOB` object of `list`, `show`, `result` and `watch`.
struct JobSummary {
  JobId id = 0;
  std::string name;
  /// "mlr", "plr", "mrr" or "soak".
  std::string method;
  /// "sim", "exec", "trex".
  std::string measurer;
  JobState state = JobState::queued;
  std::string reason;
  std::string created_at;
  std::optional<std::string> started_at;
  std::optional<std::string> finished_at;
  int run_count = 0;
  std::uint64_t trial_count = 0;
  std::string submitted_by;
  std::string profile;
  std::string daemon_version;
  std::optional<std::string> trex_version;
  /// The testbed a trex job was placed on; absent for others and older jobs.
  std::optional<std::string> testbed;
  /// The unit of the job's loads: "pps" (frames per second per direction) or "cps"
  /// (ASTF jobs: connections/transactions per second, docs/astf.md).
  std::string load_unit = "pps";
  friend bool operator==(const JobSummary&, const JobSummary&) = default;
};

/// `version`.
struct VersionReply {
  std::string daemon = "trex-searchd";
  std::string version;
  int protocol = 0;
  friend bool operator==(const VersionReply&, const VersionReply&) = default;
};

/// `submit`: the job is queued at `queue_position` (1: next to run).
struct SubmitReply {
  JobId job = 0;
  std::uint64_t queue_position = 0;
  friend bool operator==(const SubmitReply&, const SubmitReply&) = default;
};

/// `cancel`: `cancelled` (it was queued) or `running` (it is stopping).
struct CancelReply {
  JobId job = 0;
  JobState state = JobState::cancelled;
  friend bool operator==(const CancelReply&, const CancelReply&) = default;
};

/// `delete`: how many trials went with the job.
struct DeleteReply {
  JobId job = 0;
  std::uint64_t trials = 0;
  friend bool operator==(const DeleteReply&, const DeleteReply&) = default;
};

/// `list`: newest first.
struct ListReply {
  std::vector<JobSummary> jobs;
  friend bool operator==(const ListReply&, const ListReply&) = default;
};

/// One suite of `list_suites` (and the head of `show_suite`).
struct SuiteSummary {
  std::int64_t id = 0;
  std::string name;
  std::string created_at;
  std::string submitted_by;
  std::uint64_t job_count = 0;
  friend bool operator==(const SuiteSummary&, const SuiteSummary&) = default;
};

/// `list_suites`: newest first.
struct ListSuitesReply {
  std::vector<SuiteSummary> suites;
  friend bool operator==(const ListSuitesReply&, const ListSuitesReply&) = default;
};

/// `submit_suite`: the suite's jobs in suite order, the first at `queue_position`.
struct SubmitSuiteReply {
  std::int64_t suite = 0;
  std::string name;
  std::vector<JobId> jobs;
  std::uint64_t queue_position = 0;
  friend bool operator==(const SubmitSuiteReply&, const SubmitSuiteReply&) = default;
};

/// `help`: the daemon's command registry.
struct HelpReply {
  struct Command {
    std::string name;
    std::string summary;
    bool privileged = false;
    friend bool operator==(const Command&, const Command&) = default;
  };
  std::vector<Command> commands;
  friend bool operator==(const HelpReply&, const HelpReply&) = default;
};

}  // namespace trexsearch::protocol
