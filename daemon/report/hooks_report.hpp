#pragma once

#include <string>
#include <vector>

#include "daemon/protocol/replies/hook_run_record.hpp"

namespace trexsearch::report {

/// The report's "Hooks" section (docs/testbeds.md "Hooks"), "" without runs: per
/// point and hook the runs, failures and time they took; then every run at a search
/// point (before_search, after_search: the DUT's state, e.g. `show runtime`) and every
/// failed run, with its output (at most 50 runs listed: the rest are counted).
std::string hooks_section(const std::vector<protocol::HookRunRecord>& runs);

}  // namespace trexsearch::report
