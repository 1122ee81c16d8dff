#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

// The first frames each stream of a profile sends, for people to open in Wireshark
// before a night's run (`trex-search profile pcap`, docs/traffic-profiles.md).

/// The frames of one stream, in the order TRex sends them.
struct StreamPreview {
  std::uint8_t port = 0;
  std::size_t stream = 0;
  std::string name;
  /// Packets without FCS, padded to 60 bytes as TRex pads them. Source and
  /// destination MACs are the packet's: TRex puts the port's own there unless the
  /// stream's flags say the packet's.
  std::vector<std::string> frames;
  /// Empty when the field engine ran here exactly as TRex runs it; otherwise why the
  /// frames are the stream's base packet only (a random variable, an instruction
  /// the preview does not run).
  std::string base_only_reason;
};

/// Up to `frames_per_stream` frames of every main stream of every transmitting port.
/// The field engine runs here when every instruction is one the preview runs exactly
/// as TRex does (flow_var inc/dec over a range without next_var, write_flow_var,
/// fix_checksum_ipv4, fix_checksum_hw); a stream with any other gives its base packet
/// once, saying why. Throws ConfigError as compile_profile does.
std::vector<StreamPreview> preview_frames(const TrafficProfile& profile,
                                          std::size_t frames_per_stream);

}  // namespace trexsearch::trex
