#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace trexsearch::cli {

/// `trex-search simulate --spec SPEC.json (--measurer-cmd CMD | --sut MODEL ...)`: runs
/// the MLRsearch controller on a virtual clock against an external measurer process
/// or a built-in simulated SUT and prints the search result. Returns the exit code.
int run_simulate_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err);

/// The text of `trex-search simulate --help`.
std::string simulate_command_help();

}  // namespace trexsearch::cli
