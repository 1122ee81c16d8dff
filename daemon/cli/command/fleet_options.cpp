#include "daemon/cli/command/fleet_options.hpp"

#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {

namespace po = boost::program_options;

void add_fleet_options(po::options_description& options, const char* tester_help) {
  // clang-format off
  options.add_options()
      ("db", po::value<std::string>()->value_name("CONNINFO"),
       "read the fleet database (PostgreSQL) instead of the daemon: a libpq connection "
       "string, postgresql:// URL or service=NAME; the password from ~/.pgpass, "
       "PGPASSWORD or the service file (docs/fleet.md)")
      ("tester", po::value<std::string>()->value_name("NAME"), tester_help);
  // clang-format on
}

std::optional<std::string> fleet_conninfo(const po::variables_map& options) {
  if (options.count("db") == 0) return std::nullopt;
  const std::string conninfo = options["db"].as<std::string>();
  if (conninfo.empty()) {
    throw UsageError("--db '': give a connection string, e.g. postgresql://reader@db/fleet");
  }
  if (options.count("socket") != 0) {
    throw UsageError("--db and --socket: read the fleet database or one daemon, not both");
  }
  return conninfo;
}

std::optional<std::string> tester_option(const po::variables_map& options) {
  if (options.count("tester") == 0) return std::nullopt;
  const std::string tester = options["tester"].as<std::string>();
  if (options.count("db") == 0) {
    throw UsageError("--tester " + tester +
                     ": testers are the fleet database's; give --db (one daemon is one tester)");
  }
  if (tester.empty()) throw UsageError("--tester '': give a tester's name");
  return tester;
}

}  // namespace trexsearch::cli
