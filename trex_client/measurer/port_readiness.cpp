#include "trex_client/measurer/port_readiness.hpp"

#include <algorithm>

namespace trexsearch::trex {

std::vector<std::string> port_readiness_problems(std::span<const PortStatus> statuses,
                                                 std::span<const std::uint8_t> needs_destination) {
  std::vector<std::string> problems;
  for (const PortStatus& status : statuses) {
    const std::string port = "port " + std::to_string(status.port_id);
    if (!status.link_up) problems.push_back(port + ": link is down");
    const bool needs = std::find(needs_destination.begin(), needs_destination.end(),
                                 status.port_id) != needs_destination.end();
    if (needs && !destination_resolved(status)) {
      problems.push_back(port + ": destination MAC unresolved (layer_cfg." +
                         (l3_mode(status) ? "ipv4.state \"" + status.ipv4_state
                                          : "ether.state \"" + status.ether_state) +
                         "\"), and streams take their destination MAC from the port");
    }
  }
  return problems;
}

std::optional<std::string> silent_direction(std::span<const measure::DirectionCounts> directions) {
  for (const measure::DirectionCounts& direction : directions) {
    if (direction.received != 0 || std::max(direction.offered, direction.intended) <= 0) continue;
    if (direction.offered > 0) {
      return "direction " + direction.name + " received none of its " +
             std::to_string(direction.offered) + " frames";
    }
    return "direction " + direction.name + " sent none of its " +
           std::to_string(direction.intended) + " intended frames";
  }
  return std::nullopt;
}

std::string join_problems(const std::vector<std::string>& problems) {
  std::string text;
  for (const std::string& problem : problems) {
    if (!text.empty()) text += "; ";
    text += problem;
  }
  return text;
}

}  // namespace trexsearch::trex
