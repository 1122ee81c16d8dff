#pragma once

#include <optional>
#include <string>

#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// Ethernet's per-frame overhead on the wire beyond the frame: preamble 7 + SFD 1
/// + inter-frame gap 12 bytes (what L1 rates count, trex-flowstats-latency.md §4).
inline constexpr double kL1OverheadBytes = 20.0;

/// The mean frame size of a profile's mix, FCS included [bytes]: weights are shares
/// of packets, as the compiled streams' base rates are. Absent for TRex streams whose
/// field engine varies the frame size, unless the profile declares mean_frame_size.
std::optional<double> mean_frame_bytes(const TrafficProfile& profile);

/// A port's line rate for a frame mix: the arithmetic behind loads in % of line rate
/// and bit rates (TRex's own: L1 = pps x (size + 20) x 8, L2 = pps x size x 8,
/// percentage = L1 / port speed).
struct LineRate {
  /// The port's speed [bit/s] (TRex's attr.speed is in Gbit/s).
  double port_bps = 10e9;
  /// Mean frame size, FCS included [bytes].
  double frame_bytes = 64.0;

  /// Frames per second that fill the port: 14,880,952.38 for 64 B at 10 Gbit/s.
  double line_rate_pps() const;
  double l1_bps(double pps) const;
  double l2_bps(double pps) const;
  /// pps as a share of line rate [%].
  double percent(double pps) const;
  double pps_from_l1_bps(double bps) const;
  double pps_from_l2_bps(double bps) const;
  double pps_from_percent(double percent) const;
};

/// TRex starts, unforced, up to this much of a port's line rate (its L1 check,
/// trex-protocol.md §2.9) and takes it as the line rate.
inline constexpr double trex_line_rate_slack = 1.0001;

/// Why `max_load_pps` does not fit `line` ("max_load = ... pps (110 % of line rate)
/// is above the line rate of the profile's ports: 10 Gbit/s carries at most ...");
/// absent when it fits. TRex's own slack (trex_line_rate_slack) is allowed.
std::optional<std::string> max_load_above_line_rate(double max_load_pps, const LineRate& line);

}  // namespace trexsearch::trex
