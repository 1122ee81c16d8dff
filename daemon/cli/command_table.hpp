#pragma once

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/cli/command/command_entry.hpp"

namespace trexsearch::cli {

/// Every subcommand of trex-search, in the order `trex-search --help` lists them.
std::span<const CommandEntry* const> command_table();

/// The entry named `name`; nullptr when there is none.
const CommandEntry* find_command(std::string_view name);

/// Runs a command: a local one by its own `run`, a daemon one by run_client_entry.
int run_command(const CommandEntry& entry, const std::vector<std::string>& args, std::ostream& out,
                std::ostream& err);

}  // namespace trexsearch::cli
