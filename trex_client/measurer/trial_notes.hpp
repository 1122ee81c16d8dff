#pragma once

#include <string>
#include <vector>

#include "measure/units.hpp"
#include "trex_client/measurer/trial_trace.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::trex {

/// What a trial's notes are made from besides its record.
struct NoteInputs {
  measure::Seconds intended_duration{0.0};
  CounterSource counters = CounterSource::flow_stats;
  /// A latency trial: with port counters, the latency streams' frames were taken
  /// out of the port counts.
  bool latency_subtracted = false;
  /// TRex's m_total_queue_full growth during the trial.
  std::uint64_t queue_full = 0;
};

/// The notes of a TRex trial, each with a stable key (measure::note_key,
/// (docs/trials.md "Notes"): tester_limited, negative_loss, port_counters,
/// sut_frames, settle_capped, start_skew, tx_queue_full, tx_end_unverified.
std::vector<measure::TrialNote> trial_notes(const TrialTrace& record, const NoteInputs& inputs);

/// Whether direction `index` of `record` is tester-limited: late or unverified by
/// TRex's clock (record.tx_judgements), or short of frames at the stop.
bool direction_tester_limited(const TrialTrace& record, std::size_t index);

/// The slowest tester-limited direction's rate [pps]: its pace in TRex's clock (the
/// judgement's), or without one its frames over the time the ports transmitted;
/// absent when no direction is tester-limited.
std::optional<double> tester_limited_rate(const TrialTrace& record);

}  // namespace trexsearch::trex
