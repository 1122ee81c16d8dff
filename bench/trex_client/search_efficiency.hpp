#pragma once

#include <ostream>

#include "bench/trex_client/bench_rig.hpp"

namespace trexsearch::trex::bench {

/// What the search-efficiency benchmark runs.
struct SearchRun {
  /// The in-process emulator's speed (1 = real time); an endpoint runs in real time.
  double speed = 10.0;
  double min_load_pps = 9001.0;
  /// Default: below the 14.88 Mpps line rate of 64 B at 10 Gb/s.
  double max_load_pps = 1.4e7;
  /// Sharp SUT capacity per direction of the in-process emulator.
  double emulator_capacity_pps = 3.3e6;
};

/// Runs one MLRsearch with CSIT's NDR and PDR goals (1 s trials) and prints the share
/// of the search's wall time that was traffic, and the bounds. With the emulator at
/// speed > 1 control costs count `speed` times, so the share is a lower bound.
void run_search_efficiency(const BenchTarget& target, const SearchRun& run, std::ostream& out);

}  // namespace trexsearch::trex::bench
