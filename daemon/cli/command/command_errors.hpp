#pragma once

#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>

namespace trexsearch::cli {

/// The command line itself is wrong (missing or conflicting options); exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The input is unreadable or invalid; the message already says which input and
/// where (file, JSON path, value); exit code 2.
class BadInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What a failed command reports: a stable code ("bad_usage", "bad_input",
/// "failure", or the daemon's result code such as "not_found"), the message and
/// the exit code.
struct CommandFailure {
  std::string code;
  std::string message;
  int exit_code = 1;
};

/// Runs a subcommand body and turns what it throws into
/// "trex-search: error: <message>" on `err` plus the exit code: 2 for usage errors,
/// bad options, unreadable files, invalid JSON and invalid values (ConfigError),
/// 1 for anything else. `on_failure`, when set, also gets the failure (the CLI's
/// --json prints it as JSON on stdout).
int run_reporting_errors(const std::function<int()>& body, std::ostream& err,
                         const std::function<void(const CommandFailure&)>& on_failure = {});

}  // namespace trexsearch::cli
