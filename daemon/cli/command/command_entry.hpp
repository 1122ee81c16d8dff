#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/cli/command/client_options.hpp"
#include "daemon/protocol/envelope.hpp"
#include "daemon/protocol/request_codec.hpp"

namespace trexsearch::cli {

// One row of trex-search's command table (command_table.hpp). The help text
// (`trex-search help COMMAND`, `COMMAND --help`) and the command reference in
// docs/cli.md (`trex-search help --markdown`) are both made from it, so they
// cannot drift apart.

/// One request to trex-searchd: the socket command and its arguments, as a typed
/// request of daemon/protocol encodes them (client_request()).
struct ClientRequest {
  std::string command;
  protocol::Document arguments;
};

/// The typed request `request` (daemon/protocol/requests.hpp) as a ClientRequest.
template <class R>
ClientRequest client_request(const R& request) {
  return {std::string(R::kCommand), protocol::encode_arguments(request)};
}

/// What a daemon command's hooks get: its parsed options, the common settings
/// (--socket, --timeout, --json) and where to print.
struct ClientCall {
  const boost::program_options::variables_map& options;
  const ClientSettings& settings;
  std::ostream& out;
  std::ostream& err;
};

/// How a daemon command runs (client_runner.hpp): either one request built from the
/// options and its reply printed, or a body of its own for commands that stream,
/// send several requests or write files.
struct ClientCommand {
  /// The hidden option the positional operands go to ("job", "jobs", "name").
  const char* operand = "job";
  /// How many positional operands: 0 none, 1 one, -1 any number (a list).
  int operand_count = 0;
  /// false: errors stay text even with --json (export writes its own formats).
  bool json_errors = true;
  /// Options parsed but not shown in the help (tests' knobs); may be null.
  boost::program_options::options_description (*hidden_options)() = nullptr;
  /// Builds the one request from the options (no socket I/O; may read input files).
  ClientRequest (*request)(const boost::program_options::variables_map& options) = nullptr;
  /// Prints the reply to `request` (its arguments for the reply codecs) and returns
  /// the exit code.
  int (*print)(const ClientRequest& request, const protocol::Response& reply,
               const ClientCall& call) = nullptr;
  /// Instead of request + print: the whole command after the common parsing.
  int (*body)(const ClientCall& call) = nullptr;
};

/// One subcommand: what the help and the docs say about it, and how it runs.
struct CommandEntry {
  std::string_view name{};
  /// One line in `trex-search --help`.
  std::string_view summary{};
  /// What follows "Usage: "; further forms on lines of their own.
  std::string_view usage{};
  /// The help's paragraph(s) under the usage.
  std::string_view description{};
  /// The command's own options, shown under "Options:" (daemon commands add the
  /// connection options of client_options()).
  boost::program_options::options_description (*options)() = nullptr;
  /// The help's last paragraph; empty: the daemon commands' shared text.
  std::string_view exit_codes{};
  /// A local command (analyze, simulate): parses its arguments itself.
  int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) = nullptr;
  /// A daemon command (when `run` is null).
  ClientCommand client{};
};

/// An empty "Options" group, for commands without options of their own.
boost::program_options::options_description no_options();

}  // namespace trexsearch::cli
