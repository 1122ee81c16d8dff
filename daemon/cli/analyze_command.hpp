#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace trexsearch::cli {

/// `trex-search analyze [--table] FILE`: re-analyses recorded trials against goals
/// (draft-06 Appendix A and B) and prints the per-goal results. Returns the exit code.
int run_analyze_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The text of `trex-search analyze --help`.
std::string analyze_command_help();

}  // namespace trexsearch::cli
