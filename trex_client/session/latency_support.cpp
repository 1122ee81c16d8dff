#include "trex_client/session/latency_support.hpp"

#include <algorithm>
#include <set>

namespace trexsearch::trex {

void check_latency_support(const SystemInfo& system,
                           const std::vector<TrafficDirection>& directions) {
  std::set<std::uint8_t> ports;
  for (const TrafficDirection& direction : directions) {
    if (!direction.latency) continue;
    ports.insert(direction.tx_port);
    ports.insert(direction.rx_port);
  }
  for (const std::uint8_t port : ports) {
    const auto info = std::find_if(system.ports.begin(), system.ports.end(),
                                   [&](const PortInfo& p) { return p.index == port; });
    if (info == system.ports.end()) {
      throw LatencyUnsupported("latency unsupported for this profile/port " + std::to_string(port) +
                               ": TRex does not describe the port (" +
                               std::to_string(system.ports.size()) + " ports in get_system_info)");
    }
    if (std::find(info->rx_caps.begin(), info->rx_caps.end(), "latency") == info->rx_caps.end()) {
      std::string caps;
      for (const std::string& cap : info->rx_caps) caps += (caps.empty() ? "" : ", ") + cap;
      throw LatencyUnsupported("latency unsupported for this profile/port " + std::to_string(port) +
                               ": its RX capabilities (" +
                               (caps.empty() ? std::string("none") : caps) +
                               ") lack \"latency\" (driver " + info->driver +
                               "); remove the profile's \"latency\" section");
    }
  }
}

LatencyUnsupported latency_unsupported(std::uint8_t port, const TrexError& refusal) {
  // TRex's `specific_err` says what is wrong ("Need at least 16 payload bytes ...");
  // its `message` is a generic "Failed To Execute Method".
  const std::string text =
      refusal.specific_err().empty() ? refusal.detail() : refusal.specific_err();
  return LatencyUnsupported("latency unsupported for this profile/port " + std::to_string(port) +
                            ": " + text);
}

}  // namespace trexsearch::trex
