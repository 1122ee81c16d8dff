#pragma once

#include <string>
#include <string_view>

#include "daemon/cli/command/command_entry.hpp"

namespace trexsearch::cli {

/// The last paragraph of every daemon command's help.
inline constexpr std::string_view kClientExitCodes =
    "Exit codes: 0 done, 1 runtime failure (no daemon, no answer), 2 bad usage or\n"
    "input, 3 watch: the job ended other than finished, 4 the daemon refused\n"
    "(permission denied, no such job, wrong state, busy, unsupported), 5 result,\n"
    "watch: the result is not clean (a bound or the PLR estimate is the tester's),\n"
    "6 compare, trend: a regression was found.\n";

/// `trex-search help COMMAND`: usage, description, the option groups, exit codes.
std::string command_help(const CommandEntry& entry);

}  // namespace trexsearch::cli
