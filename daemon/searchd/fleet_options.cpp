#include "daemon/searchd/fleet_options.hpp"

#include <unistd.h>

#include <climits>
#include <cmath>

#include "daemon/fleet/conninfo.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

std::string host_name() {
  char name[HOST_NAME_MAX + 1] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

}  // namespace

std::string tester_id_problem(const std::string& id) {
  if (id.empty() || id.size() > 64) return "must be 1 to 64 characters";
  for (const char c : id) {
    if (c == ':') return "must not contain ':' (compare names a fleet job TESTER:JOB)";
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) {
      return "must not contain spaces or control characters";
    }
  }
  return {};
}

void read_fleet_options(const boost::program_options::variables_map& vm, DaemonOptions& options) {
  options.results_db = vm["results-db"].as<std::string>();
  if (!options.results_db.empty() && !fleet::conninfo_parses(options.results_db)) {
    throw measure::ConfigError("results-db", "(not shown: it may hold a password)",
                               "libpq cannot parse it as a connection string or URL");
  }
  options.tester_id = vm["tester-id"].as<std::string>();
  if (options.tester_id.empty()) options.tester_id = host_name();
  if (const std::string problem = tester_id_problem(options.tester_id); !problem.empty()) {
    throw measure::ConfigError("tester-id", options.tester_id, problem);
  }
  const double timeout = vm["results-db-timeout"].as<double>();
  if (!std::isfinite(timeout) || timeout < 0.1 || timeout > 3600.0) {
    throw measure::ConfigError("results-db-timeout", measure::format_value(timeout),
                               "must be from 0.1 to 3600 seconds");
  }
  options.results_db_timeout = measure::Seconds{timeout};
}

}  // namespace trexsearch::service
