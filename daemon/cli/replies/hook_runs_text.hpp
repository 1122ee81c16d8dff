#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/replies/hook_run_record.hpp"

namespace trexsearch::cli {

/// `show`'s hook lines (docs/testbeds.md "Hooks"): "hooks: 24 runs, 1 failed", then,
/// when `runs` are given (`show --hooks`), each run on a line (point, hook, trial,
/// how it ended, what its failure did) with its output indented under it.
/// `output_omitted`: runs the reply lists without their output (its 16 MiB budget).
std::string format_hook_runs(const protocol::HookRunCounts& counts,
                             const std::optional<std::vector<protocol::HookRunRecord>>& runs,
                             std::uint64_t output_omitted = 0);

}  // namespace trexsearch::cli
