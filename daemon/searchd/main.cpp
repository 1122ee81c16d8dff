// trex-searchd: the long-running trex-search service. Parses the configuration,
// then hands over to Daemon (daemon/service/daemon.hpp); see docs/daemon.md.
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "daemon/service/daemon.hpp"
#include "daemon/service/options.hpp"
#include "daemon/service/state_dir_check.hpp"

int main(int argc, char* argv[]) {
  using namespace trexsearch::service;
  const std::vector<std::string> args(argv + 1, argv + argc);
  CommandLine command_line;
  try {
    command_line = parse_command_line(args);
    if (!command_line.help && !command_line.version) {
      // Also before a real start: a store path that is /dev/null or a directory is
      // a configuration error (exit 2), not a failed start.
      check_state_dir(command_line.options.state_dir);
    }
    if (command_line.check_config) {
      (void)resolve_group(command_line.options.control_group);
    }
  } catch (const std::exception& error) {
    std::cerr << "trex-searchd: error: " << error.what() << " (see trex-searchd --help)\n";
    return kDaemonExitConfig;
  }
  if (command_line.help) {
    std::cout << options_help();
    return kDaemonExitOk;
  }
  if (command_line.version) {
    std::cout << "trex-searchd " << TREX_SEARCH_VERSION << "\n";
    return kDaemonExitOk;
  }
  if (command_line.check_config) {
    std::cout << "# "
              << (command_line.config_file.empty() ? "no config file" : command_line.config_file)
              << ": configuration OK\n"
              << describe_options(command_line.options);
    return kDaemonExitOk;
  }
  // Writes to closed sockets and pipes must fail with EPIPE, not kill the daemon.
  std::signal(SIGPIPE, SIG_IGN);
  Logger log;
  log.set_threshold(command_line.options.log_level);
  Daemon daemon(args, std::move(command_line), log);
  return daemon.run();
}
