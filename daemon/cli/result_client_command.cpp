#include <json/value.h>

#include <ostream>

#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_format.hpp"
#include "daemon/cli/client_options.hpp"
#include "daemon/cli/exit_codes.hpp"
#include "daemon/cli/result_format.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description result_options() {
  po::options_description options("Options");
  return options;
}

}  // namespace

std::string result_client_command_help() {
  return client_help("trex-search result JOB [--json]",
                     "Prints a job's search result: how it ended, each goal's bounds (or the\n"
                     "PLR estimate), per-direction counts at the bounds, the trials' notes\n"
                     "counted per kind and load, the counters used; with --json every trial\n"
                     "too, in the shape of `trex-search simulate`. Exits 5 when the result is\n"
                     "not clean: a goal's upper bound (or the PLR estimate) is the tester's.",
                     result_options());
}

int run_result_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err) {
  return run_client_command(args, out, err,
      [&] {
        const po::variables_map options = parse_client_args(args, result_options(), true);
        if (options.count("help") != 0) {
          out << result_client_command_help();
          return 0;
        }
        const ClientSettings settings = client_settings(options);
        const Json::Value arguments = job_arguments(job_argument(options));
        ControlConnection connection(settings.socket, settings.timeout);
        const auto reply = connection.request("result", arguments);
        print_reply(out, settings, reply.arguments, format_result);
        const Json::Value& result = reply.arguments["result"];
        if (result_stopped_early(result)) {
          // As simulate: partial bounds are reported as such first (3 wins over 5).
          err << "trex-search: " << stopped_early_notice(result) << std::endl;
          return static_cast<int>(kExitStoppedEarly);
        }
        return result_not_clean(result) ? static_cast<int>(kExitNotClean)
                                        : static_cast<int>(kExitOk);
      });
}

}  // namespace trexsearch::cli
