#pragma once

#include <string>
#include <vector>

#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::cli {

/// `list` for people: one row per job: id, state, method, measurer, trials,
/// created, name.
std::string format_job_list(const std::vector<protocol::JobSummary>& jobs);

}  // namespace trexsearch::cli
