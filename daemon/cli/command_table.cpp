#include "daemon/cli/command_table.hpp"

#include "daemon/cli/client/client_runner.hpp"
#include "daemon/cli/command/command_entries.hpp"

namespace trexsearch::cli {
namespace {

constexpr const CommandEntry* kCommands[] = {
    &kAnalyzeCommand,
    &kSimulateCommand,
    &kProfileCommand,
    // Commands that talk to trex-searchd over its socket (*_client_command.cpp).
    &kStatusCommand,
    &kSubmitCommand,
    &kListCommand,
    &kShowCommand,
    &kCancelCommand,
    &kDeleteCommand,
    &kResultCommand,
    &kWatchCommand,
    &kReanalyzeCommand,
    &kReportCommand,
    &kExportCommand,
    &kCompareCommand,
    &kTrendCommand,
};

}  // namespace

std::span<const CommandEntry* const> command_table() { return kCommands; }

const CommandEntry* find_command(std::string_view name) {
  for (const CommandEntry* command : kCommands) {
    if (command->name == name) return command;
  }
  return nullptr;
}

int run_command(const CommandEntry& entry, const std::vector<std::string>& args, std::ostream& out,
                std::ostream& err) {
  if (entry.run != nullptr) return entry.run(args, out, err);
  return run_client_entry(entry, args, out, err);
}

}  // namespace trexsearch::cli
