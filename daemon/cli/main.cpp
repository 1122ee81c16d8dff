// trex-search: the command-line tool. Every subcommand is a row of the command
// table (command_table.cpp); this file only routes to them.
#include <iostream>
#include <string>
#include <vector>

#include "daemon/cli/command/client_options.hpp"
#include "daemon/cli/command/command_help.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/global_options.hpp"
#include "daemon/cli/command/safe_output.hpp"
#include "daemon/cli/command_reference.hpp"
#include "daemon/cli/command_table.hpp"

namespace {

using namespace trexsearch::cli;

void print_overview(std::ostream& out) {
  out << "Usage: trex-search COMMAND [OPTIONS]\n       trex-search help COMMAND\n\nCommands:\n";
  for (const CommandEntry* command : command_table()) {
    out << "  " << command->name << std::string(10 - command->name.size(), ' ') << command->summary
        << "\n";
  }
  out << "\nOptions:\n  -h [ --help ]  print this help\n  --version      print the version\n";
}

int usage_error(const std::string& message) {
  std::cerr << "trex-search: error: " << message << " (see trex-search --help)\n";
  return kExitBadInput;
}

/// `trex-search help [COMMAND | --markdown]`.
int run_help(const std::vector<std::string>& args) {
  if (args.size() == 1) {
    print_overview(std::cout);
    return kExitOk;
  }
  if (args[1] == "--markdown") {
    std::cout << command_reference_markdown(command_table());
    return kExitOk;
  }
  const CommandEntry* command = find_command(args[1]);
  if (command == nullptr) return usage_error("unknown command '" + args[1] + "'");
  std::cout << command_help(*command);
  return kExitOk;
}

}  // namespace

int main(int argc, char* argv[]) {
  // Everything printed goes through one escaping filter: names, reasons and errors
  // come from the daemon's store, which other users write to.
  const EscapedOutput escaped_out(std::cout);
  const EscapedOutput escaped_err(std::cerr);
  const std::vector<std::string> args =
      global_options_after_command({argv + 1, argv + argc}, client_options());
  if (args.empty()) return usage_error("no command given");
  const std::string& first = args[0];
  if (first == "--help" || first == "-h") {
    print_overview(std::cout);
    return kExitOk;
  }
  if (first == "--version") {
    std::cout << "trex-search " << TREX_SEARCH_VERSION << "\n";
    return kExitOk;
  }
  if (first == "help") return run_help(args);
  const CommandEntry* command = find_command(first);
  if (command == nullptr) return usage_error("unknown command '" + first + "'");
  return run_command(*command, {args.begin() + 1, args.end()}, std::cout, std::cerr);
}
