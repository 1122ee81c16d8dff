#include "trex_emulator/model/counter_book.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trexsearch::trex::emu {
namespace {

__extension__ using Wide = unsigned __int128;

// floor(value * numerator / denominator), exact: a run cut short without loss must
// keep received == sent, which double arithmetic cannot promise.
std::uint64_t scale(std::uint64_t value, std::uint64_t numerator, std::uint64_t denominator) {
  if (denominator == 0) return 0;
  return static_cast<std::uint64_t>(static_cast<Wide>(value) * numerator / denominator);
}

std::uint64_t scale(std::uint64_t value, double fraction) {
  return static_cast<std::uint64_t>(std::floor(static_cast<double>(value) * fraction));
}

// What of `f`, sent over [begin, end], went out by `at`, and what of that arrives.
// Parts that send nothing (the SUT's own frames) are cut by time.
FrameCounts sent_by(const FrameCounts& f, measure::Seconds begin, measure::Seconds end,
                    measure::Seconds at) {
  FrameCounts kept;
  if (f.tx_packets > 0) {
    kept.tx_packets = pro_rata(f.tx_packets, begin, end, at);
    kept.tx_bytes = scale(f.tx_bytes, kept.tx_packets, f.tx_packets);
    kept.rx_packets = scale(f.rx_packets, kept.tx_packets, f.tx_packets);
    kept.rx_bytes = scale(f.rx_bytes, kept.tx_packets, f.tx_packets);
  } else {
    const double fraction = at >= end ? 1.0 : at <= begin ? 0.0 : (at - begin) / (end - begin);
    kept.rx_packets = scale(f.rx_packets, fraction);
    kept.rx_bytes = scale(f.rx_bytes, fraction);
  }
  return kept;
}

FrameCounts minus(const FrameCounts& a, const FrameCounts& b) {
  return {a.tx_packets - b.tx_packets, a.tx_bytes - b.tx_bytes, a.rx_packets - b.rx_packets,
          a.rx_bytes - b.rx_bytes};
}

// Cuts `d` at `at`: it keeps what was sent by then; returns the parts not yet sent.
std::vector<DeliveryPart> cut(Delivery& d, measure::Seconds at) {
  std::vector<DeliveryPart> rest = d.parts;
  for (std::size_t i = 0; i < d.parts.size(); ++i) {
    const FrameCounts kept = sent_by(d.parts[i].frames, d.tx_begin, d.tx_end, at);
    rest[i].frames = minus(d.parts[i].frames, kept);
    d.parts[i].frames = kept;
  }
  d.tx_end = std::max(at, d.tx_begin);
  return rest;
}

}  // namespace

std::uint64_t pro_rata(std::uint64_t total, measure::Seconds begin, measure::Seconds end,
                       measure::Seconds now) {
  if (now >= end) return total;
  if (now <= begin) return 0;
  // Counts are whole frames: a product a rounding error short of a whole number is
  // that number (2500 frames at 96 % of the window are 2400, not 2399).
  const double exact = static_cast<double>(total) * (now - begin).count() / (end - begin).count();
  const auto part = static_cast<std::uint64_t>(std::floor(exact * (1.0 + 1e-12)));
  return part < total ? part : total;
}

FrameCounts Delivery::total() const {
  FrameCounts sum;
  for (const DeliveryPart& part : parts) {
    sum.tx_packets += part.frames.tx_packets;
    sum.tx_bytes += part.frames.tx_bytes;
    sum.rx_packets += part.frames.rx_packets;
    sum.rx_bytes += part.frames.rx_bytes;
  }
  return sum;
}

CounterBook::CounterBook(std::size_t port_count)
    : port_count_(port_count), settled_(port_count), reported_(port_count) {}

std::uint64_t CounterBook::add(Delivery delivery) {
  active_.emplace(next_id_, std::move(delivery));
  return next_id_++;
}

std::uint64_t CounterBook::truncate(std::uint64_t id, measure::Seconds at) {
  const auto it = active_.find(id);
  if (it == active_.end()) return 0;
  Delivery& d = it->second;
  if (at < d.tx_end) cut(d, at);
  return d.total().tx_packets;
}

std::uint64_t CounterBook::repace(std::uint64_t id, measure::Seconds at, measure::Seconds new_end) {
  const auto it = active_.find(id);
  if (it == active_.end() || at >= it->second.tx_end) return id;
  Delivery rest = it->second;
  rest.parts = cut(it->second, at);
  rest.tx_begin = it->second.tx_end;
  rest.tx_end = std::max(new_end, rest.tx_begin);
  return add(std::move(rest));
}

void CounterBook::count(const Delivery& d, std::optional<std::uint32_t> pg_id, measure::Seconds now,
                        PortCounts& ports) const {
  const measure::Seconds rx_begin = d.tx_begin + d.latency;
  const measure::Seconds rx_end = d.tx_end + d.latency;
  for (const DeliveryPart& part : d.parts) {
    if (pg_id && part.pg_id != pg_id) continue;
    const FrameCounts& f = part.frames;
    PortTotals& tx = ports.at(d.tx_port);
    tx.opackets += pro_rata(f.tx_packets, d.tx_begin, d.tx_end, now);
    tx.obytes += pro_rata(f.tx_bytes, d.tx_begin, d.tx_end, now);
    PortTotals& rx = ports.at(d.rx_port);
    if (pg_id && !part.pg_counts_rx) continue;
    rx.ipackets += pro_rata(f.rx_packets, rx_begin, rx_end, now);
    rx.ibytes += pro_rata(f.rx_bytes, rx_begin, rx_end, now);
  }
}

void CounterBook::fold(measure::Seconds now) {
  for (auto it = active_.begin(); it != active_.end();) {
    const Delivery& d = it->second;
    if (now < d.tx_end + d.latency) {
      ++it;
      continue;
    }
    count(d, std::nullopt, now, settled_);
    for (const DeliveryPart& part : d.parts) {
      if (!part.pg_id) continue;
      auto [pg, inserted] = pg_settled_.try_emplace(*part.pg_id, port_count_);
      count(d, part.pg_id, now, pg->second);
    }
    it = active_.erase(it);
  }
}

const PortTotals& CounterBook::monotonic(PortTotals& reported, const PortTotals& now) {
  reported.opackets = std::max(reported.opackets, now.opackets);
  reported.obytes = std::max(reported.obytes, now.obytes);
  reported.ipackets = std::max(reported.ipackets, now.ipackets);
  reported.ibytes = std::max(reported.ibytes, now.ibytes);
  return reported;
}

PortTotals CounterBook::totals(std::uint8_t port, measure::Seconds now) const {
  PortCounts counts = settled_;
  for (const auto& [id, d] : active_) count(d, std::nullopt, now, counts);
  return monotonic(reported_.at(port), counts.at(port));
}

std::vector<PortTotals> CounterBook::pg_totals(std::uint32_t pg_id, measure::Seconds now) const {
  const auto settled = pg_settled_.find(pg_id);
  PortCounts counts = settled == pg_settled_.end() ? PortCounts(port_count_) : settled->second;
  for (const auto& [id, d] : active_) count(d, pg_id, now, counts);
  PortCounts& reported = pg_reported_.try_emplace(pg_id, port_count_).first->second;
  for (std::size_t port = 0; port < port_count_; ++port) monotonic(reported[port], counts[port]);
  return reported;
}

std::vector<PortTotals> CounterBook::pg_eventual(std::uint32_t pg_id) const {
  const auto settled = pg_settled_.find(pg_id);
  PortCounts counts = settled == pg_settled_.end() ? PortCounts(port_count_) : settled->second;
  const measure::Seconds end{std::numeric_limits<double>::infinity()};
  for (const auto& [id, d] : active_) count(d, pg_id, end, counts);
  return counts;
}

void CounterBook::forget_pg(std::uint32_t pg_id) {
  pg_settled_.erase(pg_id);
  pg_reported_.erase(pg_id);
  for (auto& [id, d] : active_) {
    for (DeliveryPart& part : d.parts) {
      if (part.pg_id == pg_id) part.pg_id.reset();
    }
  }
}

bool CounterBook::in_flight(measure::Seconds now) const {
  for (const auto& [id, d] : active_) {
    if (now < d.tx_end + d.latency) return true;
  }
  return false;
}

}  // namespace trexsearch::trex::emu
