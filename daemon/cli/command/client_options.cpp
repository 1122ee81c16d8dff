#include "daemon/cli/command/client_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ostream>

#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/command_failure_codec.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {

namespace po = boost::program_options;

po::options_description client_options() {
  po::options_description options("Connection");
  // clang-format off
  options.add_options()
      ("socket", po::value<std::string>()->value_name("PATH"),
       "trex-searchd's control socket (default $TREX_SEARCH_SOCKET or "
       "/run/trex-search/control.sock)")
      ("timeout", po::value<double>()->value_name("S")->default_value(30.0, "30"),
       "seconds to wait for each reply")
      ("json", "print the daemon's reply as JSON instead of a table")
      ("help,h", "print this help");
  // clang-format on
  return options;
}

ClientSettings client_settings(const po::variables_map& options) {
  ClientSettings settings;
  settings.socket =
      socket_path(options.count("socket") != 0 ? std::optional(options["socket"].as<std::string>())
                                               : std::nullopt);
  const double timeout = options["timeout"].as<double>();
  if (!std::isfinite(timeout) || timeout <= 0.0) {
    throw UsageError("--timeout " + measure::format_value(timeout) +
                     ": must be a positive number of seconds");
  }
  settings.timeout = std::chrono::milliseconds(static_cast<long>(timeout * 1000.0));
  settings.json = options.count("json") != 0;
  return settings;
}

namespace {

int run_socket_command(const std::function<int()>& body, std::ostream& err,
                       const std::function<void(const CommandFailure&)>& on_failure) {
  return run_reporting_errors(
      [&] {
        try {
          return body();
        } catch (const DaemonRefused& refused) {
          const int exit_code =
              refused.code() == protocol::ResultCode::bad_request ? static_cast<int>(kExitBadInput)
              : refused.code() == protocol::ResultCode::error     ? static_cast<int>(kExitFailure)
                                                                  : kExitDaemonRefused;
          const std::string code(protocol::to_string(refused.code()));
          err << "trex-search: error: " << refused.refuser() << ": " << refused.what() << " ("
              << code << ")" << std::endl;
          if (on_failure) on_failure({code, refused.what(), exit_code});
          return exit_code;
        }
      },
      err, on_failure);
}

}  // namespace

int run_client_command(const std::function<int()>& body, std::ostream& err) {
  return run_socket_command(body, err, {});
}

int run_client_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                       const std::function<int()>& body) {
  const bool json = std::find(args.begin(), args.end(), "--json") != args.end();
  if (!json) return run_socket_command(body, err, {});
  return run_socket_command(body, err, [&](const CommandFailure& failure) {
    out << encode_command_failure(failure) << std::endl;
  });
}

std::int64_t job_argument(const po::variables_map& options) {
  if (options.count("job") == 0) throw UsageError("a JOB id is required");
  return parse_job_id(options["job"].as<std::string>());
}

std::int64_t parse_job_id(const std::string& text) {
  std::int64_t job = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), job);
  if (ec != std::errc{} || end != text.data() + text.size() || job <= 0) {
    throw UsageError("JOB '" + text + "': must be a job id (a whole number >= 1)");
  }
  return job;
}

void write_output(std::ostream& out, const std::string& text) {
  out << text;
  out.flush();
  if (!out) throw std::runtime_error("cannot write to stdout");
}

}  // namespace trexsearch::cli
