#include <json/value.h>

#include <ostream>

#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_format.hpp"
#include "daemon/cli/client_options.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description status_options() {
  po::options_description options("Options");
  return options;
}

}  // namespace

std::string status_client_command_help() {
  return client_help("trex-search status [--json]",
                     "Shows the daemon, its TRex connection, the running job with its current\n"
                     "bounds, the queue and the connected clients.",
                     status_options());
}

int run_status_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err) {
  return run_client_command(args, out, err,
      [&] {
        const po::variables_map options = parse_client_args(args, status_options(), false);
        if (options.count("help") != 0) {
          out << status_client_command_help();
          return 0;
        }
        const ClientSettings settings = client_settings(options);
        const Json::Value arguments(Json::objectValue);
        ControlConnection connection(settings.socket, settings.timeout);
        const auto reply = connection.request("status", arguments);
        print_reply(out, settings, reply.arguments, format_status);
        return 0;
      });
}

}  // namespace trexsearch::cli
