#pragma once

#include <cstdint>
#include <string>

namespace trexsearch::trex::emu {

/// What the emulator keeps of an added stream: enough to compute rates and counts,
/// plus the stream object as received (TRex echoes it from get_stream/get_all_streams).
struct EmulatedStream {
  enum class Mode { continuous, single_burst, multi_burst };
  enum class RateType { pps, bps_l1, bps_l2, percentage };

  bool enabled = true;
  bool self_start = true;
  /// flags bit 3: a dummy stream that is never transmitted.
  bool null_stream = false;
  Mode mode = Mode::continuous;
  RateType rate_type = RateType::pps;
  double rate_value = 0.0;
  std::uint32_t total_pkts = 0;
  std::uint32_t pkts_per_burst = 0;
  double ibg_us = 0.0;
  std::uint32_t burst_count = 0;
  double isg_us = 0.0;
  /// Packet bytes as sent (without FCS), at least 60 (TRex pads).
  std::uint32_t packet_len = 60;
  bool flow_stats = false;
  std::uint32_t pg_id = 0;
  /// Latency streams keep their rate whatever the multiplier (trex-protocol.md §2.7).
  bool latency = false;
  /// The `stream` object exactly as received, as JSON text.
  std::string stored_json;

  /// True when start_traffic would transmit it.
  bool transmits() const { return enabled && self_start && !null_stream; }
  /// Frame size on the wire including the 4-byte FCS.
  double frame_bytes() const { return packet_len + 4.0; }
  /// Base rate in packets per second, for a port of `link_bps` bits per second.
  double base_pps(double link_bps) const;
};

}  // namespace trexsearch::trex::emu
