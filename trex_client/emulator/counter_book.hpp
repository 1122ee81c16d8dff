#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "search/units.hpp"

namespace trexsearch::trex::emu {

/// Frames of one traffic run (or one accounting chunk of an unbounded run) on their
/// way from a TX port through the SUT to an RX port. TX counters grow linearly over
/// [tx_begin, tx_end], RX counters over the same window shifted by the SUT latency,
/// so RX keeps moving after TX stopped: the in-flight frames a measurer must wait for.
struct Delivery {
  std::uint8_t tx_port = 0;
  std::uint8_t rx_port = 1;
  Seconds tx_begin{0.0};
  Seconds tx_end{0.0};
  Seconds latency{0.0};
  std::uint64_t tx_packets = 0;
  std::uint64_t tx_bytes = 0;
  std::uint64_t rx_packets = 0;
  std::uint64_t rx_bytes = 0;
};

/// Cumulative counters of one port, as get_port_stats reports them.
struct PortTotals {
  std::uint64_t opackets = 0;
  std::uint64_t obytes = 0;
  std::uint64_t ipackets = 0;
  std::uint64_t ibytes = 0;
};

/// Per-port counters since the (emulated) TRex start: completed deliveries are folded
/// into totals, in-flight ones are counted pro rata. Counters never go backwards.
class CounterBook {
 public:
  explicit CounterBook(std::size_t port_count);

  /// Adds a delivery; returns its id (for truncate()).
  std::uint64_t add(const Delivery& delivery);
  /// Cuts a delivery short at `at` (an explicit stop): frames not yet sent are never
  /// sent, frames already sent still arrive. Returns the frames actually sent.
  std::uint64_t truncate(std::uint64_t id, Seconds at);
  /// Folds deliveries fully received by `now` into the totals.
  void fold(Seconds now);
  /// Counters of `port` at `now`.
  PortTotals totals(std::uint8_t port, Seconds now) const;
  /// True while any frames are still to be sent or received.
  bool in_flight(Seconds now) const;

 private:
  std::vector<PortTotals> settled_;
  // Highest values reported so far: rounding after a truncate() must never make a
  // counter go backwards.
  mutable std::vector<PortTotals> reported_;
  std::map<std::uint64_t, Delivery> active_;
  std::uint64_t next_id_ = 0;
};

/// floor(total * fraction of [begin, end] elapsed at now): 0 before, total after.
std::uint64_t pro_rata(std::uint64_t total, Seconds begin, Seconds end, Seconds now);

}  // namespace trexsearch::trex::emu
