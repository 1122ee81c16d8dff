#include <json/value.h>
#include <unistd.h>

#include <iostream>

#include "daemon/cli/client_commands.hpp"
#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_format.hpp"
#include "daemon/cli/client_options.hpp"
#include "daemon/cli/exit_codes.hpp"
#include "daemon/cli/safe_output.hpp"
#include "daemon/codec/json_writer.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

int exit_code_for(const std::string& state) {
  return state == "finished" ? static_cast<int>(kExitOk) : static_cast<int>(kExitStoppedEarly);
}

}  // namespace

int watch_job(ControlConnection& connection, long long job, bool json, std::ostream& out) {
  const auto reply = connection.request("watch", job_arguments(job));
  const Json::Value& record = reply.arguments["job"];
  // On a terminal the trial line is redrawn in place; in a pipe or a log every
  // trial gets its own line.
  const bool live = !json && &out == &std::cout && ::isatty(STDOUT_FILENO) == 1;
  if (json) {
    out << codec::to_compact_json(reply.arguments) << std::endl;
  } else {
    out << reply.text << std::endl;
  }
  if (reply.arguments["ended"].asBool()) return exit_code_for(record["state"].asString());
  bool redraw_pending = false;
  while (const auto event = connection.next_event()) {
    const std::string name = (*event)["event"].asString();
    if (json) {
      out << codec::to_compact_json(*event) << std::endl;
    } else if (live && name == "trial") {
      write_terminal_control(out, "\r\033[K");  // the one control sequence the CLI writes
      out << format_watch_event(*event) << std::flush;
      redraw_pending = true;
    } else {
      if (redraw_pending) out << "\n";
      redraw_pending = false;
      out << format_watch_event(*event) << std::endl;
    }
    if (name == "job.ended") return exit_code_for((*event)["arguments"]["state"].asString());
  }
  if (redraw_pending) out << "\n";
  throw std::runtime_error("trex-searchd closed the connection before job " + std::to_string(job) +
                           " ended");
}

std::string watch_client_command_help() {
  return client_help("trex-search watch JOB [--json]",
                     "Follows a job until it ends: one progress line per trial (trial number,\n"
                     "phase, load, loss, each goal's current bounds, search time), redrawn in\n"
                     "place on a terminal; --json prints the daemon's event lines as they come.\n"
                     "Exits 0 when the job finished, 3 when it failed, was cancelled or was\n"
                     "interrupted.",
                     po::options_description("Options"));
}

int run_watch_client_command(const std::vector<std::string>& args, std::ostream& out,
                             std::ostream& err) {
  return run_client_command(
      [&] {
        const po::variables_map options =
            parse_client_args(args, po::options_description("Options"), true);
        if (options.count("help") != 0) {
          out << watch_client_command_help();
          return 0;
        }
        const ClientSettings settings = client_settings(options);
        ControlConnection connection(settings.socket, settings.timeout);
        return watch_job(connection, job_argument(options), settings.json, out);
      },
      err);
}

}  // namespace trexsearch::cli
