#include "trex_client/emulator/counter_book.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::trex::emu {

std::uint64_t pro_rata(std::uint64_t total, Seconds begin, Seconds end, Seconds now) {
  if (now >= end) return total;
  if (now <= begin) return 0;
  const double fraction = (now - begin) / (end - begin);
  const auto part = static_cast<std::uint64_t>(std::floor(static_cast<double>(total) * fraction));
  return part < total ? part : total;
}

CounterBook::CounterBook(std::size_t port_count) : settled_(port_count), reported_(port_count) {}

std::uint64_t CounterBook::add(const Delivery& delivery) {
  active_.emplace(next_id_, delivery);
  return next_id_++;
}

std::uint64_t CounterBook::truncate(std::uint64_t id, Seconds at) {
  const auto it = active_.find(id);
  if (it == active_.end()) return 0;
  Delivery& d = it->second;
  if (at >= d.tx_end) return d.tx_packets;
  const std::uint64_t sent = pro_rata(d.tx_packets, d.tx_begin, d.tx_end, at);
  // Scale bytes and arrivals with the packets actually sent; an arrival already
  // counted stays counted because the cut keeps the same pro-rata line.
  const double kept =
      d.tx_packets > 0 ? static_cast<double>(sent) / static_cast<double>(d.tx_packets) : 0.0;
  d.tx_bytes = static_cast<std::uint64_t>(std::floor(static_cast<double>(d.tx_bytes) * kept));
  d.rx_packets = static_cast<std::uint64_t>(std::floor(static_cast<double>(d.rx_packets) * kept));
  d.rx_bytes = static_cast<std::uint64_t>(std::floor(static_cast<double>(d.rx_bytes) * kept));
  d.tx_packets = sent;
  d.tx_end = at < d.tx_begin ? d.tx_begin : at;
  return sent;
}

void CounterBook::fold(Seconds now) {
  for (auto it = active_.begin(); it != active_.end();) {
    const Delivery& d = it->second;
    if (now >= d.tx_end + d.latency) {
      settled_.at(d.tx_port).opackets += d.tx_packets;
      settled_.at(d.tx_port).obytes += d.tx_bytes;
      settled_.at(d.rx_port).ipackets += d.rx_packets;
      settled_.at(d.rx_port).ibytes += d.rx_bytes;
      it = active_.erase(it);
    } else {
      ++it;
    }
  }
}

PortTotals CounterBook::totals(std::uint8_t port, Seconds now) const {
  PortTotals totals = settled_.at(port);
  for (const auto& [id, d] : active_) {
    if (d.tx_port == port) {
      totals.opackets += pro_rata(d.tx_packets, d.tx_begin, d.tx_end, now);
      totals.obytes += pro_rata(d.tx_bytes, d.tx_begin, d.tx_end, now);
    }
    if (d.rx_port == port) {
      totals.ipackets += pro_rata(d.rx_packets, d.tx_begin + d.latency, d.tx_end + d.latency, now);
      totals.ibytes += pro_rata(d.rx_bytes, d.tx_begin + d.latency, d.tx_end + d.latency, now);
    }
  }
  PortTotals& reported = reported_.at(port);
  reported.opackets = std::max(reported.opackets, totals.opackets);
  reported.obytes = std::max(reported.obytes, totals.obytes);
  reported.ipackets = std::max(reported.ipackets, totals.ipackets);
  reported.ibytes = std::max(reported.ibytes, totals.ibytes);
  return reported;
}

bool CounterBook::in_flight(Seconds now) const {
  for (const auto& [id, d] : active_) {
    if (now < d.tx_end + d.latency) return true;
  }
  return false;
}

}  // namespace trexsearch::trex::emu
