#pragma once

#include <ostream>

namespace trexsearch::trex::bench {

/// Runs `trials` real-time trials of `duration_s` against the emulator and prints the
/// control overhead per trial (wall - intended duration - settle): median, p90, max.
void run_control_overhead(int trials, double duration_s, std::ostream& out);

}  // namespace trexsearch::trex::bench
