#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace trexsearch::cli {

/// `trex-search --socket S --json status` reads as naturally as `trex-search status
/// --socket S --json`: the options of `shared` (the ones every daemon command
/// accepts, client_options()) that come before the command are moved after it,
/// where the command parses them. `--help` stays: before a command it asks for the
/// overview. Returns `args` unchanged when no command follows those options, or
/// when the first argument is not one of them.
std::vector<std::string> global_options_after_command(
    std::vector<std::string> args, const boost::program_options::options_description& shared);

}  // namespace trexsearch::cli
