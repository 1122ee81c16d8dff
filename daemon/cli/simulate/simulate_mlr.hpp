#pragma once

#include <ostream>
#include <stop_token>

#include "daemon/cli/simulate/simulate_setup.hpp"

namespace trexsearch::cli {

/// `simulate --method mlr`: runs the MLRsearch controller with the spec in
/// --spec and prints the result (JSON or --table), writes --report. Returns the
/// exit code.
int run_mlr_simulation(const po::variables_map& options, SimulationSetup& setup,
                       std::stop_token stop, std::ostream& out, std::ostream& err);

}  // namespace trexsearch::cli
