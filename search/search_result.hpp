#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"
#include "search/goal_result.hpp"

namespace trexsearch::mlr {

/// Which part of the search asked for a trial. `latency`: a trial of the daemon's
/// latency phase after the search (docs/latency.md); the controller never makes
/// one, and no goal counts it.
enum class TrialPhase { warmup, initial, main, latency };
std::string_view to_string(TrialPhase phase);

/// A trial as the controller performed it.
struct TrialRecord {
  /// 1-based, in the order measured (warmup included).
  std::size_t number = 0;
  TrialPhase phase = TrialPhase::main;
  /// Clock time when the trial was requested, relative to the search start.
  measure::Seconds started_at{0.0};
  measure::TrialResult result;
};

/// Why the search ended.
enum class StopReason {
  completed,             ///< every goal reached its exit condition
  fail_fast,             ///< a fail-fast goal found min load to be an upper bound
  search_time_exceeded,  ///< search_duration_max ran out
  cancelled,             ///< the stop token was triggered
  measurer_failed,       ///< a trial threw; stop_detail has the message
};
std::string_view to_string(StopReason reason);

/// The controller output (draft-06 "Controller Outputs") plus the trial log.
struct SearchResult {
  /// In the order of the configured goals.
  std::vector<GoalResult> goals;
  /// Every trial, warmup included (warmup results are not used by any goal).
  std::vector<TrialRecord> trials;
  StopReason stop_reason = StopReason::completed;
  std::string stop_detail;
  /// Clock time from start to end of the search.
  measure::Seconds search_duration{0.0};

  /// Sum of effective durations of all trials, warmup included.
  measure::Seconds trial_duration_sum() const;
};

}  // namespace trexsearch::mlr
