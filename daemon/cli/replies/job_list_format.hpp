#pragma once

#include <string>
#include <vector>

#include "daemon/cli/command/job_reference.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::cli {

/// `list` for people: one row per job: id, state, method, measurer, trials,
/// created, name.
std::string format_job_list(const std::vector<protocol::JobSummary>& jobs);

/// `list --db`: the same with the tester of each job first (terminal-safe).
std::string format_job_list(const std::vector<SourcedJob>& jobs);

}  // namespace trexsearch::cli
