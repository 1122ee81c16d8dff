#pragma once

#include <ostream>

namespace trexsearch::trex::bench {

/// Runs one MLRsearch (NDR goal, 1 s trials) against the emulator at `speed` (1 =
/// real time) and prints the share of the search's wall time that was traffic.
/// At speed > 1 control costs are magnified by the speed, so the share is a lower
/// bound of the real-time one.
void run_search_efficiency(double speed, std::ostream& out);

}  // namespace trexsearch::trex::bench
