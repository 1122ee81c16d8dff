#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "measure/units.hpp"

namespace trexsearch::trex::emu {

/// Frames and bytes (FCS included) sent on a TX port and received on an RX port.
struct FrameCounts {
  std::uint64_t tx_packets = 0;
  std::uint64_t tx_bytes = 0;
  std::uint64_t rx_packets = 0;
  std::uint64_t rx_bytes = 0;
};

/// Part of a delivery: the frames of the streams sharing one flow-stats pg_id, or
/// frames that only port counters see (streams without flow stats, the SUT's own
/// frames). TRex counts a tagged frame on its port and on its pg_id at the same moment.
struct DeliveryPart {
  /// The pg_id that also counts these frames; none for port counters only.
  std::optional<std::uint32_t> pg_id;
  FrameCounts frames;
  /// The pg_id counts the received frames too. False in a run started while the
  /// profile's RX rules from an earlier run were still attached: real TRex v3.08 then
  /// counts none of the run's received frames per stream (the client must call
  /// remove_rx_filters between runs, trex-protocol.md §2.9).
  bool pg_counts_rx = true;
};

/// Frames of one traffic run (or one accounting chunk of an unbounded run) on their
/// way from a TX port through the SUT to an RX port. TX counters grow linearly over
/// [tx_begin, tx_end], RX counters over the same window shifted by the SUT latency,
/// so RX keeps moving after TX stopped: the in-flight frames a measurer must wait for.
struct Delivery {
  std::uint8_t tx_port = 0;
  std::uint8_t rx_port = 1;
  measure::Seconds tx_begin{0.0};
  measure::Seconds tx_end{0.0};
  measure::Seconds latency{0.0};
  /// Port counters count every part; pg counters the parts tagged with their pg_id.
  std::vector<DeliveryPart> parts;

  /// Sum over the parts.
  FrameCounts total() const;
};

/// Cumulative counters of one port, as get_port_stats reports them. Also one pg_id's
/// counters on one port: tp = opackets, tb = obytes, rp = ipackets, rb = ibytes.
struct PortTotals {
  std::uint64_t opackets = 0;
  std::uint64_t obytes = 0;
  std::uint64_t ipackets = 0;
  std::uint64_t ibytes = 0;
};

/// Per-port and per-pg_id counters since the (emulated) TRex start: completed
/// deliveries are folded into totals, in-flight ones are counted pro rata, part by
/// part, so a pg_id's counters move with its port's. Counters never go backwards.
class CounterBook {
 public:
  explicit CounterBook(std::size_t port_count);

  /// Adds a delivery; returns its id (for truncate() and repace()).
  std::uint64_t add(Delivery delivery);
  /// Cuts a delivery short at `at` (an explicit stop): frames not yet sent are never
  /// sent, frames already sent still arrive. Returns the frames actually sent.
  std::uint64_t truncate(std::uint64_t id, measure::Seconds at);
  /// The frames of a delivery not yet sent at `at` go out over [at, new_end] instead
  /// (the port's pace changed); returns the id of the delivery that carries them
  /// (`id` itself when everything was already sent).
  std::uint64_t repace(std::uint64_t id, measure::Seconds at, measure::Seconds new_end);
  /// Folds deliveries fully received by `now` into the totals.
  void fold(measure::Seconds now);
  /// Counters of `port` at `now`.
  PortTotals totals(std::uint8_t port, measure::Seconds now) const;
  /// Counters of `pg_id` on every port at `now` (index = port id; zeros included).
  std::vector<PortTotals> pg_totals(std::uint32_t pg_id, measure::Seconds now) const;
  /// Counters of `pg_id` on every port once every delivery so far has arrived (what
  /// the frames sent by now add up to); does not change what later reads report.
  std::vector<PortTotals> pg_eventual(std::uint32_t pg_id) const;
  /// Forgets a pg_id whose last stream was removed: its counters restart from zero if
  /// it is created again, and its frames still in flight count on the ports only.
  void forget_pg(std::uint32_t pg_id);
  /// True while any frames are still to be sent or received.
  bool in_flight(measure::Seconds now) const;

 private:
  using PortCounts = std::vector<PortTotals>;
  /// Adds what `d` counted by `now` (all of it once received) to `ports`, for the
  /// parts `pg_id` selects (none: every part, i.e. the port counters).
  void count(const Delivery& d, std::optional<std::uint32_t> pg_id, measure::Seconds now,
             PortCounts& ports) const;
  /// Never below what was reported before: rounding after a truncate() or repace()
  /// must not make a counter go backwards.
  static const PortTotals& monotonic(PortTotals& reported, const PortTotals& now);

  std::size_t port_count_;
  PortCounts settled_;
  std::map<std::uint32_t, PortCounts> pg_settled_;
  mutable PortCounts reported_;
  mutable std::map<std::uint32_t, PortCounts> pg_reported_;
  std::map<std::uint64_t, Delivery> active_;
  std::uint64_t next_id_ = 0;
};

/// floor(total * fraction of [begin, end] elapsed at now): 0 before, total after.
std::uint64_t pro_rata(std::uint64_t total, measure::Seconds begin, measure::Seconds end,
                       measure::Seconds now);

}  // namespace trexsearch::trex::emu
