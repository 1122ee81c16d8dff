#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "search/units.hpp"
#include "trex_client/emulator/emulated_stream.hpp"

namespace trexsearch::trex::emu {

/// start_traffic's `mul` (op is always "abs" at start).
struct MultiplierRequest {
  /// "raw", "bps", "bpsl1", "pps" or "percentage".
  std::string type = "raw";
  double value = 1.0;
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
  Seconds tx_time{0.0};
  /// Frames the profile sends over tx_time (meaningful when tx_time is finite).
  double frames = 0.0;
  /// Every transmitting stream is continuous: the SUT sees exactly total_pps.
  bool all_continuous = true;
};

/// Computes the factor like TRex (pps/bps totals for the port, fixed-rate latency
/// streams not scaled, line-rate check unless `force`) and the transmission.
/// Throws RpcFault with TRex's messages.
TrafficPlan plan_traffic(const std::map<std::uint32_t, EmulatedStream>& streams,
                         const MultiplierRequest& multiplier, double link_bps, bool force,
                         Seconds duration);

}  // namespace trexsearch::trex::emu
