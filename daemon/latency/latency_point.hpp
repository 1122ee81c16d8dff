#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "measure/direction_latency.hpp"
#include "measure/trial_note.hpp"
#include "measure/units.hpp"

namespace trexsearch::latency {

/// One trial of an MLR job's latency phase (docs/latency.md): the latency streams
/// next to main traffic at a fraction of a goal's conditional throughput, as CSIT
/// measures at 0/10/50/90 % of PDR (trex-flowstats-latency.md §3.1).
struct LatencyPoint {
  /// The goal's label ("PDR").
  std::string goal;
  /// Of the goal's conditional throughput; 0 sends the latency streams alone.
  double fraction = 0.0;
  /// Intended load [pps per direction], the latency streams' rate included:
  /// max(fraction x conditional throughput, latency stream rate).
  double load_pps = 0.0;
  measure::Seconds duration{0.0};
  /// The trial's number among the job's trials.
  std::size_t trial = 0;
  /// The main traffic's loss ratio in that trial (latency frames never count).
  double loss_ratio = 0.0;
  /// Each direction's latency stream.
  std::vector<measure::DirectionLatency> directions;
  /// Why the load differs from fraction x throughput, the trial's own notes, ...
  std::vector<measure::TrialNote> notes;
};

/// What the latency phase produced: its trials in increasing load per goal, and
/// notes about goals it skipped (no conditional throughput) or why it stopped.
struct LatencyPhaseResult {
  std::vector<LatencyPoint> points;
  std::vector<std::string> notes;
};

}  // namespace trexsearch::latency
