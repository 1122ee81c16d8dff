#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "trex_client/api/vm_instruction.hpp"

namespace trexsearch::trex {

/// Unit of a stream's base rate (`mode.rate.type`).
enum class RateType { pps, bps_l1, bps_l2, percentage };

/// "pps", "bps_L1", "bps_L2" or "percentage" (TRex's spelling).
const char* to_string(RateType type);

/// A stream's base rate; start_traffic's multiplier scales it.
struct StreamRate {
  RateType type = RateType::pps;
  double value = 1.0;
};

/// How a stream sends (`mode.type`).
enum class StreamModeType { continuous, single_burst, multi_burst };

/// "continuous", "single_burst" or "multi_burst".
const char* to_string(StreamModeType type);

/// `mode`: the type with its rate and burst parameters.
struct StreamMode {
  StreamModeType type = StreamModeType::continuous;
  StreamRate rate;
  /// single_burst: packets in the burst.
  std::uint32_t total_pkts = 0;
  /// multi_burst: packets per burst, gap between bursts [us], number of bursts.
  std::uint32_t pkts_per_burst = 0;
  double ibg_us = 0.0;
  std::uint32_t count = 0;
};

/// `flow_stats`: per-stream RX accounting (disabled by default).
struct FlowStatsSpec {
  bool enabled = false;
  std::uint32_t pg_id = 0;
  /// "stats" or "latency".
  std::string rule_type = "stats";
};

/// One stream for `add_stream` (trex-protocol.md §2.7), with packet bytes and
/// field-engine program built by the client.
struct StreamSpec {
  /// `flags` bit 0: source MAC from the packet (else from the port configuration).
  static constexpr std::uint32_t flag_src_mac_from_packet = 0x1;
  /// `flags` bits 1-2 = 1: destination MAC from the packet.
  static constexpr std::uint32_t flag_dst_mac_from_packet = 0x2;
  /// What add_stream takes as `packet.binary`: the frame without FCS (trex-protocol.md §2.7).
  static constexpr std::size_t min_packet_bytes = 14;
  static constexpr std::size_t max_packet_bytes = 9238;
  /// TRex pads shorter packets to this before sending.
  static constexpr std::size_t padded_packet_bytes = 60;

  /// The frame on the wire: the packet as padded, plus the 4-byte FCS [bytes].
  double wire_frame_bytes() const {
    return static_cast<double>(packet.size() < padded_packet_bytes ? padded_packet_bytes
                                                                   : packet.size()) +
           4.0;
  }

  /// Kept by TRex and echoed back; not interpreted.
  std::string name;
  bool enabled = true;
  bool self_start = true;
  bool start_paused = false;
  std::uint32_t flags = 0;
  std::uint32_t action_count = 0;
  /// Inter-stream gap before the first packet [us].
  double isg_us = 0.0;
  /// Stream to start after this one ends, -1 for none.
  std::int32_t next_stream_id = -1;
  /// Seed of the field engine's random values; 0 lets TRex pick one.
  std::uint32_t random_seed = 0;
  /// The data-plane core to pin the stream to, -1 for TRex's choice.
  std::int32_t core_id = -1;
  /// The L2 frame without FCS, 14..9238 bytes.
  std::string packet;
  /// `packet.meta`: opaque to TRex, kept and echoed (TRex's Python client's).
  std::string packet_meta;
  StreamMode mode;
  VmProgram vm;
  /// `vm.cache`: how many packets the field engine precomputes (absent: none).
  std::optional<std::uint16_t> vm_cache;
  FlowStatsSpec flow_stats;
};

}  // namespace trexsearch::trex
