#pragma once

#include <cstdint>
#include <vector>

#include "search/units.hpp"

namespace trexsearch::trex {

/// Counts of one direction of a trial (baseline subtracted).
struct DirectionCounts {
  std::uint8_t tx_port = 0;
  std::uint8_t rx_port = 1;
  /// Frames TRex sent (opackets of the TX port).
  std::int64_t sent = 0;
  /// Frames the RX port received (ipackets), SUT-originated frames included.
  std::int64_t received = 0;
  /// load x duration with the start-skew tolerance applied.
  std::int64_t intended = 0;
};

/// Everything the measurer learned about its last trial, beyond the TrialOutcome.
/// Times are in the measurer clock's seconds.
struct TrialRecord {
  std::vector<DirectionCounts> directions;
  /// Whole trial: from measure() entry to its return (the effective duration).
  Seconds wall_time{0.0};
  /// From the start_traffic reply to the moment the ports were seen out of TX.
  Seconds tx_time{0.0};
  /// From TX end to the final counter read.
  Seconds settle_time{0.0};
  /// Wall time minus intended duration minus settle time: what control costs.
  Seconds control_overhead{0.0};
  /// RPC exchanges this trial took (batches count once).
  std::uint64_t rpc_exchanges = 0;
  bool warmup_done = false;
  bool stretched = false;
  bool negative_loss = false;
  /// Receive counters were still moving at settle_max.
  bool settle_capped = false;
  /// TX did not end in time and was stopped by the measurer.
  bool tx_stopped = false;
};

}  // namespace trexsearch::trex
