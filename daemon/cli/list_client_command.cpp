#include <json/value.h>

#include <ostream>

#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_format.hpp"
#include "daemon/cli/client_options.hpp"
#include "daemon/cli/command_errors.hpp"
#include "daemon/cli/terminal_text.hpp"
#include "daemon/cli/text_table.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description list_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("state", po::value<std::string>()->value_name("STATE"),
       "only jobs in this state: queued, running, interrupted, finished, failed, cancelled")
      ("limit", po::value<int>()->value_name("N")->default_value(100), "at most N jobs")
      ("suites", "list suites instead of jobs (docs/suites.md)");
  // clang-format on
  return options;
}

std::string format_jobs(const Json::Value& arguments) { return format_job_list(arguments["jobs"]); }

std::string format_suites(const Json::Value& arguments) {
  std::vector<std::vector<std::string>> rows{{"SUITE", "NAME", "JOBS", "CREATED"}};
  for (const Json::Value& suite : arguments["suites"]) {
    rows.push_back({suite["id"].asString(), terminal_safe(suite["name"].asString()),
                    suite["job_count"].asString(), suite["created_at"].asString()});
  }
  return format_text_table(rows, {true, false, true, false});
}

}  // namespace

std::string list_client_command_help() {
  return client_help("trex-search list [--state STATE] [--limit N] [--json]\n"
                     "       trex-search list --suites [--limit N] [--json]",
                     "Lists jobs (or suites), newest first.", list_options());
}

int run_list_client_command(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err) {
  return run_client_command(args, out, err,
      [&] {
        const po::variables_map options = parse_client_args(args, list_options(), false);
        if (options.count("help") != 0) {
          out << list_client_command_help();
          return 0;
        }
        const ClientSettings settings = client_settings(options);
        Json::Value arguments(Json::objectValue);
        if (options.count("suites") != 0) {
          if (options.count("state") != 0) throw UsageError("--state applies to jobs, not --suites");
          arguments["limit"] = options["limit"].as<int>();
          ControlConnection connection(settings.socket, settings.timeout);
          const auto reply = connection.request("list_suites", arguments);
          print_reply(out, settings, reply.arguments, format_suites);
          return 0;
        }
        if (options.count("state") != 0) arguments["state"] = options["state"].as<std::string>();
        arguments["limit"] = options["limit"].as<int>();
        ControlConnection connection(settings.socket, settings.timeout);
        const auto reply = connection.request("list", arguments);
        print_reply(out, settings, reply.arguments, format_jobs);
        return 0;
      });
}

}  // namespace trexsearch::cli
