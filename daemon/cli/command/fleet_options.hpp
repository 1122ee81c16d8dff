#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace trexsearch::cli {

// `--db CONNINFO` and `--tester NAME`: `list`, `trend`, `compare` and `export` read the
// fleet database instead of one daemon's socket (docs/fleet.md). The connection string
// goes to libpq as given; passwords come from libpq's usual files and environment, and
// no message shows one (fleet::redacted_conninfo).

/// Adds `--db` and `--tester` to a command's options; `tester_help` says what --tester
/// does for the command.
void add_fleet_options(boost::program_options::options_description& options,
                       const char* tester_help = "with --db: only this tester's jobs");

/// The --db connection string; nullopt without --db. Throws UsageError for an empty one,
/// or when --socket is given too (one source at a time).
std::optional<std::string> fleet_conninfo(const boost::program_options::variables_map& options);

/// The --tester name; nullopt without it. Throws UsageError when it is given without
/// --db, or empty.
std::optional<std::string> tester_option(const boost::program_options::variables_map& options);

/// The exit codes paragraph of the commands that take --db.
inline constexpr std::string_view kFleetClientExitCodes =
    "Exit codes: 0 done, 1 runtime failure (no daemon, no answer; with --db: the fleet\n"
    "database unreachable, no answer, no or another schema version), 2 bad usage or\n"
    "input (also: no job matched), 4 the daemon refused (no such job; with --db: no such\n"
    "job in the fleet), 6 compare, trend: a regression was found.\n";

}  // namespace trexsearch::cli
