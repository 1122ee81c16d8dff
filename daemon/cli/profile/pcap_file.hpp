#pragma once

#include <string>
#include <vector>

namespace trexsearch::cli {

/// Writes `frames` (Ethernet frames without FCS) to a classic pcap file at `path`
/// with libpcap, 1 us apart from the epoch, so Wireshark or `tcpdump -r` can open it.
/// Throws std::runtime_error naming the path and libpcap's reason.
void write_pcap(const std::string& path, const std::vector<std::string>& frames);

}  // namespace trexsearch::cli
