#pragma once

#include <string>
#include <vector>

#include "daemon/cli/command/job_reference.hpp"

namespace trexsearch::cli {

/// `list --db --json`: `{"jobs": [JOB]}` as `list --json` prints it, each JOB object with
/// a "tester" member (docs/fleet.md); pretty, a newline at the end.
std::string fleet_job_list_json(const std::vector<SourcedJob>& jobs);

}  // namespace trexsearch::cli
