#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace trexsearch::cli {

/// `trex-search report JOB [-o FILE] [--csv]`: one self-contained HTML report (or the
/// trials as CSV) of a job, made from what the daemon stored; works while it runs.
int run_report_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
std::string report_client_command_help();

}  // namespace trexsearch::cli
