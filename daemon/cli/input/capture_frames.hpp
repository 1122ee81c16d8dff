#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace trexsearch::cli {

/// One distinct frame of a capture and how many times the capture holds it.
struct CapturedFrame {
  std::string bytes;
  std::size_t count = 0;
};

/// The most a capture file may hold (64 MiB): a request to the daemon is far smaller.
inline constexpr std::size_t kMaxCaptureBytes = std::size_t{64} << 20;

/// The distinct frames of the pcap or pcapng file at `path` (read with libpcap), in
/// order of first appearance, each with its count. Only a regular file is read.
/// Throws BadInputError naming the path: unreadable, not a capture, a link type other
/// than Ethernet, no frames, a frame cut short by the capture's snap length, or more
/// than `max_distinct` distinct frames.
std::vector<CapturedFrame> read_capture(const std::string& path, std::size_t max_distinct);

}  // namespace trexsearch::cli
