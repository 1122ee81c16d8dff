#pragma once

#include <optional>
#include <ostream>

#include "bench/trex_client/bench_rig.hpp"

namespace trexsearch::trex::bench {

/// What the control-overhead benchmark runs.
struct OverheadRun {
  int trials = 100;
  double duration_s = 0.01;
  /// Per direction.
  double load_pps = 1e5;
  /// Every second trial (2, 4, ...) at this load instead: a lossless load after a
  /// lossy one shows any frame of the lossy trial counted after its final read, as
  /// negative_loss (more received than sent) in the lossless one.
  std::optional<double> alternate_load_pps;
  /// Also list every trial's parts, its start skew and where each direction's TX
  /// began (for a bimodal overhead: which part the slow trials spend it in).
  bool per_trial = false;
};

/// Runs the trials in real time against `target` and prints the per-trial overhead
/// (wall - intended duration, settle included) and its parts: median, p90, max; and
/// how many trials came back with notes (stretched, unsent, ...).
void run_control_overhead(const BenchTarget& target, const OverheadRun& run, std::ostream& out);

}  // namespace trexsearch::trex::bench
