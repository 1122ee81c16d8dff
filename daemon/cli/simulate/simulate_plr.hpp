#pragma once

#include <ostream>
#include <stop_token>

#include "daemon/cli/simulate/simulate_setup.hpp"

namespace trexsearch::cli {

/// `simulate --method plr`: runs a PLRsearch soak with the PLR.json in --spec
/// and prints every trial with its estimate and the final estimate (JSON or
/// --table). Returns the exit code.
int run_plr_simulation(const po::variables_map& options, SimulationSetup& setup,
                       std::stop_token stop, std::ostream& out, std::ostream& err);

}  // namespace trexsearch::cli
