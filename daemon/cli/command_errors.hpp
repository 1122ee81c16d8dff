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

/// Runs a subcommand body and turns what it throws into
/// "trex-search: error: <message>" on `err` plus the exit code: 2 for usage errors,
/// bad options, unreadable files, invalid JSON and invalid values (ConfigError),
/// 1 for anything else.
int run_reporting_errors(const std::function<int()>& body, std::ostream& err);

}  // namespace trexsearch::cli
