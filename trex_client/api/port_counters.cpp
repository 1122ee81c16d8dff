#include "trex_client/api/port_counters.hpp"

#include <stdexcept>
#include <string>

namespace trexsearch::trex {

const PortCounters& StatsSnapshot::port(std::uint8_t port_id) const {
  for (const PortCounters& counters : ports) {
    if (counters.port_id == port_id) return counters;
  }
  throw std::out_of_range("stats snapshot has no counters for port " + std::to_string(port_id));
}

const PgCounters* StatsSnapshot::pgid(std::uint32_t pg_id) const {
  for (const PgCounters& counters : pgids) {
    if (counters.pg_id == pg_id) return &counters;
  }
  return nullptr;
}

const PgLatency* StatsSnapshot::latency_of(std::uint32_t pg_id) const {
  for (const PgLatency& entry : latency) {
    if (entry.pg_id == pg_id) return &entry;
  }
  return nullptr;
}

std::uint64_t PgCounters::tx(std::uint8_t port) const {
  const auto found = tx_packets.find(port);
  return found == tx_packets.end() ? 0 : found->second;
}

std::uint64_t PgCounters::rx(std::uint8_t port) const {
  const auto found = rx_packets.find(port);
  return found == rx_packets.end() ? 0 : found->second;
}

}  // namespace trexsearch::trex
