#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

// What a profile will send, stream by stream, for people to check before a night's
// run (`trex-search profile check`, docs/traffic-profiles.md).

/// One field-engine variable: what it is and over how many values it moves.
struct VariedValue {
  std::string name;
  /// "inc", "dec", "random", "list", "random of N", "ip x port".
  std::string how;
  std::uint64_t values = 1;
};

/// One stream of a port.
struct StreamSummary {
  std::string name;
  /// Frame size on the wire with FCS [bytes]; absent when the field engine varies it.
  std::optional<double> frame_bytes;
  /// The stream's share of the port's packets, 0..1.
  double share = 0.0;
  /// L1 bits a frame takes on the wire (frame + 20 B preamble and gap); absent with the size.
  std::optional<double> l1_bits;
  std::vector<VariedValue> varies;
  /// The field engine's checksum fixes ("ipv4", "hw", "icmpv6").
  std::vector<std::string> checksums;
};

/// One direction: what its transmitting port sends.
struct DirectionSummary {
  TrafficDirection direction;
  std::vector<StreamSummary> streams;
};

struct ProfileSummary {
  std::string name;
  CounterSource counters = CounterSource::flow_stats;
  std::vector<DirectionSummary> directions;
  /// The mean frame size loads in % and bit rates use; absent when unknown.
  std::optional<double> mean_frame_bytes;
  /// Latency streams (their own TRex profile, latency trials only).
  bool latency = false;
  /// Native TRex streams (`trex_streams`) rather than the profile language.
  bool native = false;
};

/// Compiles `profile` for `counters` (throws ConfigError as compile_profile does) and
/// describes what each direction sends.
ProfileSummary summarize_profile(const TrafficProfile& profile, CounterSource counters);

}  // namespace trexsearch::trex
