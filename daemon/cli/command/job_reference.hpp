#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::cli {

// How a stored job is named: by its id on one daemon (`42`), or in the fleet database
// by its tester and id (`lab-3:42`, docs/fleet.md), since every tester's store counts
// its own ids from 1. No I/O.

/// A job's id and, in the fleet, its tester.
struct JobRef {
  std::optional<std::string> tester;
  std::int64_t id = 0;
  friend bool operator==(const JobRef&, const JobRef&) = default;
};

/// "42", or "lab-3:42" in the fleet.
std::string to_string(const JobRef& job);

/// A JOB operand. Without `fleet` a job id (parse_job_id). With it TESTER:ID (split at
/// the last ':', so a tester's name may hold one), or a bare ID of `default_tester`
/// (--tester). Throws UsageError naming the text and what it needs.
JobRef parse_job_ref(const std::string& text, bool fleet,
                     const std::optional<std::string>& default_tester = std::nullopt);

/// A stored job as a job source lists it: its JOB object and where it is stored.
struct SourcedJob {
  std::optional<std::string> tester;  ///< absent: the one daemon's store
  protocol::JobSummary job;

  JobRef ref() const { return {tester, job.id}; }
};

}  // namespace trexsearch::cli
