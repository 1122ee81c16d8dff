#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
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

/// Per-stream counters of one packet group (`get_pgid_stats`, flow_stats part):
/// cumulative for the pg_id's life, frames of the streams tagged with it only, so
/// frames the SUT sends itself (ARP, LLDP, ...) never count
/// (trex-flowstats-latency.md §1.3).
struct PgCounters {
  std::uint32_t pg_id = 0;
  /// `ver_id`: changes when the pg_id is re-created (its counters restart).
  std::uint64_t version = 0;
  /// Port id -> frames sent (`tp`) / received (`rp`); ports TRex left out are 0.
  std::map<std::uint8_t, std::uint64_t> tx_packets;
  std::map<std::uint8_t, std::uint64_t> rx_packets;

  std::uint64_t tx(std::uint8_t port) const;
  std::uint64_t rx(std::uint8_t port) const;
};

/// The latency part of `get_pgid_stats` for one latency pg_id
/// (trex-flowstats-latency.md §2.1): cumulative for the pg_id's life, like its
/// PgCounters (which count its frames).
struct PgLatency {
  std::uint32_t pg_id = 0;
  /// False when TRex sent no `lat` object (no frame received yet); the latency
  /// fields are then 0 and the histogram empty.
  bool has_samples_info = false;
  /// `lat.total_min`, `total_max`, `last_max` [us, truncated]: folded in at TRex's
  /// 0.5 s tick, so they lag; the first ~0.5 s never reach total_max.
  std::uint64_t total_min_us = 0;
  std::uint64_t total_max_us = 0;
  std::uint64_t last_max_us = 0;
  /// `lat.average` [us]: a low-pass filter (old/2 + window mean/2), not a mean.
  double average_us = 0.0;
  /// `lat.jit` [us]: RFC 3550 jitter estimate.
  std::uint64_t jitter_us = 0;
  /// `lat.histogram`: bucket lower edge [us] -> samples; key 0 holds samples below
  /// 10 us; samples of 1 s or more are in no bucket.
  std::map<std::uint64_t, std::uint64_t> histogram;
  /// `lat.hdrh`: HdrHistogram V2 compressed, base64 (only when TRex runs with
  /// --hdrh).
  std::optional<std::string> hdrh;
  /// `er` counters (TRex sends only non-zero ones): estimated lost (`drp`, can
  /// decrease when a "lost" frame arrives late), out of order, duplicates, and the
  /// "seq too high" / "seq too low" events.
  std::uint64_t dropped = 0;
  std::uint64_t out_of_order = 0;
  std::uint64_t duplicate = 0;
  std::uint64_t seq_too_high = 0;
  std::uint64_t seq_too_low = 0;
};

/// One consistent read of the global, per-port and per-stream counters (one batch
/// request).
struct StatsSnapshot {
  GlobalCounters global;
  /// TRex's clock when the counters were read (`ping` in the same batch, right before
  /// the per-stream counters) [s since TRex started]; 0 in a snapshot made otherwise.
  double server_time_s = 0.0;
  /// In the order the ports were asked for.
  std::vector<PortCounters> ports;
  /// The pg_ids asked for that TRex knows (a pg_id TRex does not know is left out,
  /// not zero).
  std::vector<PgCounters> pgids;
  /// The latency part of the latency pg_ids asked for that TRex reported.
  std::vector<PgLatency> latency;

  /// The counters of `port_id`; throws std::out_of_range when it was not read.
  const PortCounters& port(std::uint8_t port_id) const;
  /// The counters of `pg_id`; nullptr when TRex did not report it.
  const PgCounters* pgid(std::uint32_t pg_id) const;
  /// The latency of `pg_id`; nullptr when TRex did not report it.
  const PgLatency* latency_of(std::uint32_t pg_id) const;
};

}  // namespace trexsearch::trex
