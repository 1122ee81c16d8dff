// `trex-search cancel JOB` and `trex-search delete JOB`: one privileged socket
// command on one job, its reply's text (or arguments with --json) printed.
#include <json/value.h>

#include <ostream>

#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_options.hpp"
#include "daemon/codec/json_writer.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

int run_job_action(const std::string& command, const std::vector<std::string>& args,
                   std::ostream& out, std::ostream& err, std::string (*help)()) {
  return run_client_command(args, out, err,
      [&] {
        const po::variables_map options =
            parse_client_args(args, po::options_description("Options"), true);
        if (options.count("help") != 0) {
          out << help();
          return 0;
        }
        const ClientSettings settings = client_settings(options);
        ControlConnection connection(settings.socket, settings.timeout);
        const auto reply = connection.request(command, job_arguments(job_argument(options)));
        if (settings.json) {
          out << codec::to_pretty_json(reply.arguments) << "\n";
        } else {
          out << reply.text << "\n";
        }
        return 0;
      });
}

}  // namespace

std::string cancel_client_command_help() {
  return client_help("trex-search cancel JOB",
                     "Cancels a queued job, or stops a running one (its running trial is\n"
                     "stopped; the job ends as cancelled with the trials done so far).",
                     po::options_description("Options"));
}

int run_cancel_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err) {
  return run_job_action("cancel", args, out, err, cancel_client_command_help);
}

std::string delete_client_command_help() {
  return client_help("trex-search delete JOB",
                     "Deletes an ended job (finished, failed, cancelled) with its trials and\n"
                     "result, for good. Queued and running jobs must be cancelled first. The\n"
                     "store reuses the space (the file does not shrink).",
                     po::options_description("Options"));
}

int run_delete_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err) {
  return run_job_action("delete", args, out, err, delete_client_command_help);
}

}  // namespace trexsearch::cli
