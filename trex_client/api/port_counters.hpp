#pragma once

#include <cstdint>
#include <vector>

namespace trexsearch::trex {

/// Result of `get_port_stats`: counters cumulative since TRex started (there is no
/// server-side clear, trex-protocol.md §2.10) and smoothed rates.
struct PortCounters {
  std::uint8_t port_id = 0;
  std::uint64_t opackets = 0;
  std::uint64_t ipackets = 0;
  std::uint64_t obytes = 0;
  std::uint64_t ibytes = 0;
  std::uint64_t oerrors = 0;
  std::uint64_t ierrors = 0;
  double tx_pps = 0.0;
  double rx_pps = 0.0;
  /// Layer-2 bits per second.
  double tx_bps = 0.0;
  double rx_bps = 0.0;
};

/// The cumulative counters of `get_global_stats` a measurer cares about.
struct GlobalCounters {
  std::uint64_t total_tx_pkts = 0;
  std::uint64_t total_rx_pkts = 0;
  /// TX retries on a full NIC ring: TRex itself was the bottleneck (§2.10).
  std::uint64_t total_queue_full = 0;
  double tx_pps = 0.0;
  double rx_pps = 0.0;
  double cpu_util = 0.0;
};

/// One consistent read of the global and per-port counters (one batch request).
struct StatsSnapshot {
  GlobalCounters global;
  /// In the order the ports were asked for.
  std::vector<PortCounters> ports;

  /// The counters of `port_id`; throws std::out_of_range when it was not read.
  const PortCounters& port(std::uint8_t port_id) const;
};

}  // namespace trexsearch::trex
