#pragma once

#include <boost/program_options/variables_map.hpp>
#include <string>

#include "daemon/searchd/options.hpp"

namespace trexsearch::service {

/// `results-db`, `tester-id` and `results-db-timeout` (docs/fleet.md "Set-up"): checked
/// here so that a typo stops the daemon at start, not its replication at night.
/// Throws ConfigError naming the key and the value (a connection string only redacted).
void read_fleet_options(const boost::program_options::variables_map& vm, DaemonOptions& options);

/// A tester id is what `compare TESTER:JOB` names: 1 to 64 printable characters, no
/// spaces and no ':'. Empty when it is one, else why not.
std::string tester_id_problem(const std::string& id);

}  // namespace trexsearch::service
