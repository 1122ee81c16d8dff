#pragma once

#include <cstdint>
#include <vector>

#include "search/direction_counts.hpp"
#include "search/units.hpp"

namespace trexsearch::trex {

/// Everything the measurer learned about its last trial, beyond the TrialOutcome.
/// Times are in the measurer clock's seconds.
struct TrialRecord {
  /// Per direction (baseline subtracted), in the profile's direction order.
  std::vector<DirectionCounts> directions;
  /// Frames the receiving ports' port counters saw beyond the streams' own (the
  /// SUT's ARP, LLDP, ...; flow_stats counting only, else 0).
  std::int64_t foreign_rx_frames = 0;
  /// Whole trial: from measure() entry to its return (the effective duration).
  Seconds wall_time{0.0};
  /// From the start_traffic reply to the moment the ports were seen out of TX (or
  /// were stopped).
  Seconds tx_time{0.0};
  /// From TX end to the final counter read.
  Seconds settle_time{0.0};
  /// Wall time minus intended duration minus settle time: what control costs.
  Seconds control_overhead{0.0};
  /// RPC exchanges this trial took (batches count once).
  std::uint64_t rpc_exchanges = 0;
  bool warmup_done = false;
  /// A direction sent fewer frames than intended by the stop.
  bool tester_limited = false;
  bool negative_loss = false;
  /// Receive counters were still moving at settle_max.
  bool settle_capped = false;
  /// TX had not ended at the stop deadline and the measurer stopped it.
  bool tx_stopped = false;
};

}  // namespace trexsearch::trex
