#pragma once

namespace trexsearch::cli {

/// Process exit codes of every subcommand (documented in docs/cli.md).
enum ExitCode : int {
  kExitOk = 0,            ///< done; for simulate: the search completed
  kExitFailure = 1,       ///< a runtime failure (I/O, internal error)
  kExitBadInput = 2,      ///< bad usage, unreadable or invalid input
  kExitStoppedEarly = 3,  ///< simulate: search stopped early; partial result printed
};

}  // namespace trexsearch::cli
