#include <json/value.h>

#include <ostream>

#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_format.hpp"
#include "daemon/cli/client_options.hpp"
#include "daemon/cli/command_errors.hpp"
#include "daemon/cli/suite_values.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description show_options() {
  po::options_description options("Options");
  options.add_options()("no-trials", "leave the trial list out");
  return options;
}

}  // namespace

std::string show_client_command_help() {
  return client_help("trex-search show JOB [--no-trials] [--json]\n"
                     "       trex-search show SUITE [--json]",
                     "Shows one job: state, reason, times, the live progress while it runs or\n"
                     "the bounds its stored trials support, and every stored trial.\n"
                     "SUITE (a suite's name, or suite:N; docs/suites.md) shows a suite: every\n"
                     "job with its state and throughput (pps, % of line rate, Gbit/s L1).",
                     show_options());
}

int run_show_client_command(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err) {
  return run_client_command(args, out, err,
      [&] {
        const po::variables_map options = parse_client_args(args, show_options(), true);
        if (options.count("help") != 0) {
          out << show_client_command_help();
          return 0;
        }
        const ClientSettings settings = client_settings(options);
        if (options.count("job") != 0 && names_suite(options["job"].as<std::string>())) {
          if (options.count("no-trials") != 0) {
            throw UsageError("--no-trials applies to a job; a suite lists no trials");
          }
          ControlConnection connection(settings.socket, settings.timeout);
          const auto reply =
              connection.request("show_suite", suite_arguments(options["job"].as<std::string>()));
          print_reply(out, settings, reply.arguments, format_suite);
          return 0;
        }
        Json::Value arguments = job_arguments(job_argument(options));
        arguments["trials"] = options.count("no-trials") == 0;
        ControlConnection connection(settings.socket, settings.timeout);
        const auto reply = connection.request("show", arguments);
        print_reply(out, settings, reply.arguments, format_job);
        return 0;
      });
}

}  // namespace trexsearch::cli
