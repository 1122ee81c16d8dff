#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/replies/hook_run_record.hpp"

namespace trexsearch::cli {

/// `show`'s hook lines (docs/testbeds.md "Hooks"): "hooks: 24 runs, 1 failed", then,
/// when `runs` are given (`show --hooks`), each run on a line (point, hook, trial,
/// how it ended, what its failure did) with its output indented under it.
std::string format_hook_runs(const protocol::HookRunCounts& counts,
                             const std::optional<std::vector<protocol::HookRunRecord>>& runs);

}  // namespace trexsearch::cli
