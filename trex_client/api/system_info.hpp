#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trexsearch::trex {

/// The RPC API a client speaks, checked by `api_sync_v2` (trex-protocol.md §2.1).
struct ApiVersion {
  std::string name = "STL";
  int major = 5;
  int minor = 1;
};

/// Result of `get_version`.
struct VersionInfo {
  std::string version;
  std::string build_date;
  std::string build_time;
  std::string built_by;
  /// "STL" for the stateless server.
  std::string mode;
};

/// One port as `get_system_info` describes it.
struct PortInfo {
  std::uint8_t index = 0;
  std::string driver;
  std::string description;
  std::string pci_addr;
  std::string hw_mac;
  bool is_virtual = false;
  /// Receive capabilities, e.g. "flow_stats", "latency", "rx_bytes".
  std::vector<std::string> rx_caps;
};

/// Result of `get_system_info`.
struct SystemInfo {
  std::string hostname;
  std::string core_type;
  std::uint32_t dp_core_count = 0;
  std::uint32_t port_count = 0;
  std::vector<PortInfo> ports;
};

}  // namespace trexsearch::trex
