// trex-searchd: the long-running trex-search service. Parses the configuration,
// then hands over to Daemon (daemon/searchd/daemon.hpp); see docs/daemon.md.
#include <malloc.h>

#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "daemon/searchd/daemon.hpp"
#include "daemon/searchd/options.hpp"
#include "daemon/store/state_dir_check.hpp"

int main(int argc, char* argv[]) {
  using namespace trexsearch::service;
  // No malloc fastbins. A request-pool worker that frees a big reply's JSON tree
  // fills its arena's fastbins with millions of chunks; the next large malloc in
  // that arena consolidates them all while holding the arena's lock, and the io
  // thread, freeing the reply line the worker allocated, waited on that lock for
  // 230-280 ms (perf sched: __lll_lock_wait_private). Without fastbins frees
  // coalesce as they go: the slowest `status` during e2e_heavy_requests_test fell
  // to 25 ms, and one big `show` got faster (2.9 -> 2.6 s). Before any thread starts.
  ::mallopt(M_MXFAST, 0);
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
