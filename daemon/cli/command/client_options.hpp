#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"

namespace trexsearch::cli {

/// Exit code of the socket subcommands when the daemon refused the request
/// (permission denied, no such job, wrong state, busy, unsupported). The others
/// are those of exit_codes.hpp: 0 done, 1 runtime failure (cannot connect, no
/// answer, daemon error), 2 bad usage or bad input (also the daemon's
/// bad_request), 3 `watch`: the job ended other than finished.
inline constexpr int kExitDaemonRefused = 4;

/// What every socket subcommand accepts.
struct ClientSettings {
  std::string socket;
  std::chrono::milliseconds timeout{30000};
  bool json = false;
};

/// `--socket PATH`, `--timeout S`, `--json`, `--help`.
boost::program_options::options_description client_options();

/// Reads the common options from parsed variables.
ClientSettings client_settings(const boost::program_options::variables_map& options);

/// Runs a socket subcommand body: DaemonRefused becomes
/// "trex-search: error: <daemon's text>" and exit code 2 (bad_request) or 4;
/// everything else as in run_reporting_errors.
int run_client_command(const std::function<int()>& body, std::ostream& err);
/// The same, and with `--json` among `args` a failure is also printed on `out` as
/// one JSON object, {"error": {"code", "message", "exit_code"}} (docs/cli.md), so a
/// script reading JSON gets JSON whatever happens.
int run_client_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                       const std::function<int()>& body);

/// The positional JOB id; throws UsageError when it is missing or not a positive number.
std::int64_t job_argument(const boost::program_options::variables_map& options);

/// A JOB id from its text; throws UsageError naming the text unless it is a whole
/// number >= 1.
std::int64_t parse_job_id(const std::string& text);

/// Writes `text` to `out` and flushes it; throws std::runtime_error when it cannot.
void write_output(std::ostream& out, const std::string& text);

/// Prints a reply already decoded: its arguments as pretty JSON with --json, else
/// `format` of the typed reply.
template <class Reply>
void print_reply(std::ostream& out, const ClientSettings& settings,
                 const protocol::Document& arguments, const Reply& reply,
                 std::string (*format)(const Reply&)) {
  write_output(out, settings.json ? protocol::to_pretty_text(arguments) + "\n" : format(reply));
}
/// Prints a reply: its arguments as pretty JSON with --json, else `format` of the
/// typed reply its codec reads from them (daemon/protocol/replies/reply_codec.hpp).
template <class Reply>
void print_reply(std::ostream& out, const ClientSettings& settings,
                 const protocol::Document& arguments, std::string (*format)(const Reply&)) {
  if (settings.json) {
    write_output(out, protocol::to_pretty_text(arguments) + "\n");
  } else {
    print_reply(out, settings, arguments, protocol::decode_reply<Reply>(arguments), format);
  }
}
}  // namespace trexsearch::cli
