#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/replies/trial_record.hpp"
#include "plr/estimate.hpp"

namespace trexsearch::protocol {

/// Where one goal's search stands after a trial (a running MLR job).
struct GoalProgress {
  std::string label;
  std::optional<double> lower_bound_pps;
  std::optional<double> upper_bound_pps;
  /// 0 for the goal itself, k for its k-th coarser preceding target.
  int target_depth = 0;
  bool done = false;
  friend bool operator==(const GoalProgress&, const GoalProgress&) = default;
};

/// A running job's `progress` in `show`, `watch` and `status` (docs/socket-api.md).
struct JobProgress {
  std::uint64_t trial_count = 0;
  /// The last trial: number, phase, load, durations, loss ratio, started_at and
  /// what it said (no counts).
  std::optional<TrialRecord> last_trial;
  /// MLR jobs, in goal order.
  std::vector<GoalProgress> goals;
  /// PLR jobs: the critical-load estimate computed while the last trial ran.
  std::optional<plr::PlrEstimate> estimate;
  /// Where the search clock ends the search [s].
  std::optional<double> search_time_limit_s;
  friend bool operator==(const JobProgress&, const JobProgress&) = default;
};

}  // namespace trexsearch::protocol
