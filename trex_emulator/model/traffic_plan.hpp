#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "measure/units.hpp"
#include "trex_emulator/model/emulated_stream.hpp"

namespace trexsearch::trex::emu {

/// start_traffic's `mul` (op is always "abs" at start).
struct MultiplierRequest {
  /// "raw", "bps", "bpsl1", "pps" or "percentage".
  std::string type = "raw";
  double value = 1.0;
};

/// One transmitting stream of a started profile.
struct PlannedStream {
  /// The flow-stats pg_id (stats or latency) that counts its frames, if any.
  std::optional<std::uint32_t> pg_id;
  /// Its rate with the multiplier applied [pps].
  double pps = 0.0;
  /// Frames it sends over the plan's tx_time (infinite when tx_time is).
  double frames = 0.0;
  /// Frame size on the wire, FCS included [bytes].
  double frame_bytes = 64.0;
};

/// How a profile transmits once started: TRex's stream-graph arithmetic reduced to
/// what the counters need.
struct TrafficPlan {
  /// Factor applied to the variable streams' base rates (start_traffic's reply).
  double factor = 1.0;
  /// Packets per second of the whole profile (all transmitting streams).
  double total_pps = 0.0;
  /// Mean frame size on the wire, FCS included [bytes].
  double bytes_per_packet = 64.0;
  /// How long the profile transmits: the duration, or sooner when every stream is a
  /// finite burst; infinite for continuous streams without a duration.
  measure::Seconds tx_time{0.0};
  /// Frames the profile sends over tx_time (meaningful when tx_time is finite).
  double frames = 0.0;
  /// Every transmitting stream is continuous: the SUT sees exactly total_pps.
  bool all_continuous = true;
  /// The transmitting streams, in stream id order; their frames add up to `frames`.
  std::vector<PlannedStream> streams;
};

/// Computes the factor like TRex (pps/bps totals for the port, fixed-rate latency
/// streams not scaled, line-rate check unless `force`) and the transmission.
/// Throws RpcFault with TRex's messages.
TrafficPlan plan_traffic(const std::map<std::uint32_t, EmulatedStream>& streams,
                         const MultiplierRequest& multiplier, double link_bps, bool force,
                         measure::Seconds duration);

}  // namespace trexsearch::trex::emu
