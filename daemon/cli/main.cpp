// trex-search: the command-line tool. Each subcommand lives in its own file; this
// file only routes to them.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/cli/analyze_command.hpp"
#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/exit_codes.hpp"
#include "daemon/cli/report_client_command.hpp"
#include "daemon/cli/safe_output.hpp"
#include "daemon/cli/simulate_command.hpp"

namespace {

using namespace trexsearch::cli;

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
  std::string (*help)();
};

constexpr Command kCommands[] = {
    {"analyze", "re-analyse recorded trials against (other) goals", run_analyze_command,
     analyze_command_help},
    {"simulate", "run MLRsearch on virtual time against an external or simulated SUT",
     run_simulate_command, simulate_command_help},
    // Subcommands that talk to trex-searchd over its socket (daemon/cli/*_client_command.cpp).
    {"status", "show trex-searchd's state, running job and queue", run_status_client_command,
     status_client_command_help},
    {"submit", "queue a search job on trex-searchd", run_submit_client_command,
     submit_client_command_help},
    {"list", "list trex-searchd's jobs", run_list_client_command, list_client_command_help},
    {"show", "show one job: state, progress, bounds, trials", run_show_client_command,
     show_client_command_help},
    {"cancel", "cancel a queued or running job", run_cancel_client_command,
     cancel_client_command_help},
    {"delete", "delete an ended job with its trials and result", run_delete_client_command,
     delete_client_command_help},
    {"result", "print a job's result", run_result_client_command, result_client_command_help},
    {"watch", "follow a job's progress until it ends", run_watch_client_command,
     watch_client_command_help},
    {"reanalyze", "re-analyse a stored MLR job's trials with other goals",
     run_reanalyze_client_command, reanalyze_client_command_help},
    {"report", "write a job's HTML report", run_report_client_command, report_client_command_help},
    {"export", "write stored jobs, results and trials as JSON lines or CSV",
     run_export_client_command, export_client_command_help},
    {"compare", "put stored jobs side by side, each against the first", run_compare_client_command,
     compare_client_command_help},
    {"trend", "group a job name's results over time and flag a regression",
     run_trend_client_command, trend_client_command_help},
};

const Command* find_command(std::string_view name) {
  for (const Command& command : kCommands) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

void print_overview(std::ostream& out) {
  out << "Usage: trex-search COMMAND [OPTIONS]\n       trex-search help COMMAND\n\nCommands:\n";
  for (const Command& command : kCommands) {
    out << "  " << command.name << std::string(10 - command.name.size(), ' ') << command.summary
        << "\n";
  }
  out << "\nOptions:\n  -h [ --help ]  print this help\n  --version      print the version\n";
}

// `trex-search --socket S status` reads as naturally as `trex-search status
// --socket S`: the socket is the one option every daemon command shares, so when
// it comes before the command it is moved after it (where the command parses it).
std::vector<std::string> global_options_after_command(std::vector<std::string> args) {
  std::vector<std::string> moved;
  std::size_t at = 0;
  while (at < args.size()) {
    if (args[at] == "--socket" && at + 1 < args.size()) {
      moved.push_back(args[at]);
      moved.push_back(args[at + 1]);
      at += 2;
    } else if (args[at].starts_with("--socket=")) {
      moved.push_back(args[at]);
      ++at;
    } else {
      break;
    }
  }
  if (moved.empty() || at == args.size()) return args;
  std::vector<std::string> reordered{args[at]};
  reordered.insert(reordered.end(), moved.begin(), moved.end());
  reordered.insert(reordered.end(), args.begin() + static_cast<std::ptrdiff_t>(at) + 1, args.end());
  return reordered;
}

int usage_error(const std::string& message) {
  std::cerr << "trex-search: error: " << message << " (see trex-search --help)\n";
  return kExitBadInput;
}

}  // namespace

int main(int argc, char* argv[]) {
  // Everything printed goes through one escaping filter: names, reasons and errors
  // come from the daemon's store, which other users write to.
  const EscapedOutput escaped_out(std::cout);
  const EscapedOutput escaped_err(std::cerr);
  const std::vector<std::string> args = global_options_after_command({argv + 1, argv + argc});
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
  if (first == "help") {
    if (args.size() == 1) {
      print_overview(std::cout);
      return kExitOk;
    }
    const Command* command = find_command(args[1]);
    if (command == nullptr) return usage_error("unknown command '" + args[1] + "'");
    std::cout << command->help();
    return kExitOk;
  }
  const Command* command = find_command(first);
  if (command == nullptr) return usage_error("unknown command '" + first + "'");
  return command->run({args.begin() + 1, args.end()}, std::cout, std::cerr);
}
