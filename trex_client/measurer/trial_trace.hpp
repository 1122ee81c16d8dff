#pragma once

#include <cstdint>
#include <vector>

#include "measure/direction_counts.hpp"
#include "measure/trial_note.hpp"
#include "measure/units.hpp"
#include "trex_client/measurer/tx_end_judge.hpp"

namespace trexsearch::trex {

/// Where a trial's wall time beyond its intended duration went (bench_trex_overhead
/// prints these; docs/benchmarks-trex.md). The parts except start_exchange add up
/// to wall time minus intended duration. Measurer-clock seconds.
struct TrialPhases {
  /// From measure() entry to the start request: warmup, the baseline read (none
  /// when the previous final read is reused).
  measure::Seconds before_start{0.0};
  /// The start exchange. It overlaps the traffic (TRex starts sending 100 us after
  /// the request), so it is not part of the sum.
  measure::Seconds start_exchange{0.0};
  /// From start request + intended duration until TX was known to be over.
  measure::Seconds tx_end_wait{0.0};
  /// From TX end to the final counter read (= settle_time; includes the stop).
  measure::Seconds settle{0.0};
  /// Detaching RX rules right after the final read (latency streams only; the
  /// main streams' are detached in the next start's batch).
  measure::Seconds release{0.0};
  /// The rest: counting, notes.
  measure::Seconds other{0.0};
};

/// Everything the TRex measurer learned about its last trial, beyond the
/// TrialOutcome: how TRex ran it (counts per direction, times, phases, judgements),
/// for the outcome's tester limit and notes, for bench_trex_overhead and for tests.
/// Not a record of the trial: the search keeps mlr::TrialRecord, the wire
/// protocol::TrialRecord; this trace stays inside trex_client. Times are in the
/// measurer clock's seconds.
struct TrialTrace {
  /// Per direction (baseline subtracted), in the profile's direction order.
  std::vector<measure::DirectionCounts> directions;
  /// Frames the receiving ports' port counters saw beyond the streams' own (the
  /// SUT's ARP, LLDP, ...; flow_stats counting only, else 0).
  std::int64_t foreign_rx_frames = 0;
  /// Whole trial: from measure() entry to its return (the effective duration).
  measure::Seconds wall_time{0.0};
  /// From the start request (TRex sends 100 us after it) to TX end: when the TX
  /// counts or the ports' state showed it over, or when the stop was sent.
  measure::Seconds tx_time{0.0};
  /// How far apart TRex started the transmitting ports (its start replies' server
  /// times): it runs a start batch one port after another.
  measure::Seconds start_skew{0.0};
  /// From TX end to the final counter read.
  measure::Seconds settle_time{0.0};
  /// Wall time minus intended duration minus settle time: what control costs.
  measure::Seconds control_overhead{0.0};
  /// control_overhead + settle_time, split into its parts.
  TrialPhases phases;
  /// RPC exchanges this trial took (batches count once).
  std::uint64_t rpc_exchanges = 0;
  bool warmup_done = false;
  /// The prime run (prime_duration) ran before this trial.
  bool primed = false;
  /// The baseline was the previous trial's final read.
  bool baseline_reused = false;
  /// Per direction (main traffic only; empty without it): whether it sent its frames
  /// by its allowed end in TRex's clock (TxEndJudge).
  std::vector<TxEndJudge::Judgement> tx_judgements;
  /// The stretch allowance the judgements used: a share of the intended duration.
  double tx_end_allowance = 0.0;
  /// One `tx_end_unverified` note per earlier run of this trial that could not be
  /// judged (no read before a direction's allowed end).
  std::vector<measure::TrialNote> unverified_notes;
  /// A direction was late by TRex's clock, unverified, or short of frames at the stop.
  bool tester_limited = false;
  bool negative_loss = false;
  /// Receive counters were still moving at settle_max.
  bool settle_capped = false;
  /// Counter reads after the stop's read (or, on the state path, after TX end)
  /// before the trial settled: 0 when the stop's read settled it.
  int settle_reads = 0;
  /// TX had not ended when TRex's clock passed the allowed ends, and the measurer
  /// stopped it.
  bool tx_stopped = false;
};

}  // namespace trexsearch::trex
