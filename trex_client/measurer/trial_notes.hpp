#pragma once

#include <string>
#include <vector>

#include "measure/units.hpp"
#include "trex_client/measurer/trial_record.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::trex {

/// What a trial's notes are made from besides its record.
struct NoteInputs {
  measure::Seconds intended_duration{0.0};
  /// The stop deadline after the start (duration * (1 + slack) + grace).
  measure::Seconds stop_after{0.0};
  CounterSource counters = CounterSource::flow_stats;
  /// A latency trial: with port counters, the latency streams' frames were taken
  /// out of the port counts.
  bool latency_subtracted = false;
  /// TRex's m_total_queue_full growth during the trial.
  std::uint64_t queue_full = 0;
};

/// The notes of a TRex trial, each "key: detail" with a stable key
/// (docs/trials.md "Notes"): tester_limited, negative_loss, port_counters,
/// sut_frames, settle_capped, start_skew, tx_queue_full.
std::vector<std::string> trial_notes(const TrialRecord& record, const NoteInputs& inputs);

/// The slowest tester-limited direction's rate: frames it sent over the time the
/// ports transmitted [pps]; absent when no direction was short of frames.
std::optional<double> tester_limited_rate(const TrialRecord& record);

}  // namespace trexsearch::trex
