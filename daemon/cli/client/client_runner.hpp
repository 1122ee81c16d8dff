#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "daemon/cli/command/command_entry.hpp"

namespace trexsearch::cli {

/// Runs a daemon command from its table entry, the skeleton every one of them
/// shares: parse `args` (its options, the connection options, its operands),
/// `--help`, the common settings, then its body, or its request sent over one
/// ControlConnection and the reply printed. Errors become text on `err` (and with
/// --json one JSON object on `out`) with their exit code (run_client_command).
int run_client_entry(const CommandEntry& entry, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err);

}  // namespace trexsearch::cli
