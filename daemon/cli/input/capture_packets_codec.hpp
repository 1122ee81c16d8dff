#pragma once

#include <string>

namespace trexsearch::cli {

/// The distinct frames a profile takes from one capture by default (`packets_max`).
inline constexpr unsigned kDefaultPacketsMax = 256;

/// A traffic profile's text with its `"packets_pcap": "FILE"` (a path relative to the
/// profile file `profile_path`) replaced by `"packets": [{"bytes", "weight"}]`: each
/// distinct frame of the capture once, weighted by how often the capture holds it
/// (docs/traffic-profiles.md "Packets from a capture"), at most `packets_max` of them
/// (default 256). The daemon reads no file a client names, so trex-search does this
/// before it sends or checks a profile. Text without `packets_pcap` comes back as it is.
/// Throws BadInputError naming the profile or the capture.
std::string inline_capture_packets(const std::string& profile_text,
                                   const std::string& profile_path);

}  // namespace trexsearch::cli
