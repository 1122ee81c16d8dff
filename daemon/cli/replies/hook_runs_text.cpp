#include "daemon/cli/replies/hook_runs_text.hpp"

#include <sstream>

#include "daemon/cli/text/terminal_text.hpp"

namespace trexsearch::cli {
namespace {

std::string run_line(const protocol::HookRunRecord& run) {
  std::string line = "  " + run.point + " " + terminal_safe(run.hook);
  if (run.trial) {
    line += " (trial " + std::to_string(*run.trial);
    if (run.attempt > 1) line += ", attempt " + std::to_string(run.attempt);
    line += ")";
  }
  line += ": " + terminal_safe(run.text);
  if (!run.failure_action.empty()) line += " [" + run.failure_action + "]";
  return line;
}

}  // namespace

std::string format_hook_runs(const protocol::HookRunCounts& counts,
                             const std::optional<std::vector<protocol::HookRunRecord>>& runs,
                             std::uint64_t output_omitted) {
  std::ostringstream text;
  text << "hooks: " << counts.runs << (counts.runs == 1 ? " run, " : " runs, ") << counts.failed
       << " failed";
  if (!runs) text << " (show --hooks lists them with their output)";
  text << "\n";
  if (!runs) return text.str();
  for (const protocol::HookRunRecord& run : *runs) {
    text << run_line(run) << "\n";
    std::istringstream output(terminal_safe_lines(run.output));
    for (std::string line; std::getline(output, line);) text << "    | " << line << "\n";
  }
  if (output_omitted > 0) {
    text << "(the last " << output_omitted
         << " runs are listed without their output: one reply carries at most 16 MiB of it)\n";
  }
  return text.str();
}

}  // namespace trexsearch::cli
