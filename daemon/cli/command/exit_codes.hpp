#pragma once

namespace trexsearch::cli {

/// Process exit codes of every subcommand (documented in docs/cli.md).
enum ExitCode : int {
  kExitOk = 0,            ///< done; for simulate: the search completed
  kExitFailure = 1,       ///< a runtime failure (I/O, internal error)
  kExitBadInput = 2,      ///< bad usage, unreadable or invalid input
  kExitStoppedEarly = 3,  ///< simulate: search stopped early; partial result printed
  // 4 is the socket subcommands' "the daemon refused" (client_options.hpp).
  /// result, watch, submit --watch, simulate: the result is complete but not clean:
  /// a goal's upper bound (MLR) or the estimate (PLR) is the tester's, not the SUT's.
  /// Exit code 3 wins over it: a partial result is reported as such first.
  kExitNotClean = 5,
  /// compare: a job's clean value is below the first job's, beyond both runs' spread;
  /// trend: the newest group of a series is a regression (docs/trend.md).
  kExitRegression = 6,
};

}  // namespace trexsearch::cli
