#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "measure/units.hpp"

namespace trexsearch::trex {

/// What `start_traffic`'s `mul.value` means (trex-protocol.md §2.9).
enum class MultiplierType { raw, pps, bps_l2, bps_l1, percentage };

/// "raw", "pps", "bps", "bpsl1" or "percentage" (TRex's spelling).
const char* to_string(MultiplierType type);

/// `mul`: pps/bps are totals for the port, raw scales the streams' base rates.
struct Multiplier {
  MultiplierType type = MultiplierType::pps;
  double value = 1.0;
};

/// Parameters of `start_traffic` besides the owned port.
struct StartTrafficRequest {
  Multiplier multiplier;
  /// > 0: the data plane stops by itself after this; <= 0: runs until stopped.
  measure::Seconds duration{-1.0};
  /// Skip link-up, destination-MAC and line-rate checks.
  bool force = false;
  /// DP cores to use; absent means all.
  std::optional<std::uint64_t> core_mask;
  std::string profile_id = "_";
};

/// Result of `start_traffic`.
struct StartTrafficReply {
  /// Factor applied to the streams' base rates.
  double multiplier = 0.0;
  /// Server time of the request [s since TRex start].
  double server_ts = 0.0;
  /// Server time at which TRex went on to the batch's next request (the next start, or
  /// the batch's closing `ping`): TRex had handed the port to its data plane by then
  /// [s since TRex start]. 0 when unknown.
  double next_server_ts = 0.0;
};

}  // namespace trexsearch::trex
