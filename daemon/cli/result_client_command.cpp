#include <json/value.h>

#include <ostream>

#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_format.hpp"
#include "daemon/cli/client_options.hpp"

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
                     "Prints a job's search result: how it ended and each goal's bounds; with\n"
                     "--json every trial too, in the shape of `trex-search simulate`.",
                     result_options());
}

int run_result_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err) {
  return run_client_command(
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
        return 0;
      },
      err);
}

}  // namespace trexsearch::cli
