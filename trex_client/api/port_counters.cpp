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

}  // namespace trexsearch::trex
