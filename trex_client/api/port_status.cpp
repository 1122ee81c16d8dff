#include "trex_client/api/port_status.hpp"

namespace trexsearch::trex {

const char* to_string(PortState state) {
  switch (state) {
    case PortState::down:
      return "DOWN";
    case PortState::idle:
      return "IDLE";
    case PortState::streams:
      return "STREAMS";
    case PortState::tx:
      return "TX";
    case PortState::pause:
      return "PAUSE";
    case PortState::pcap_tx:
      return "PCAP_TX";
    case PortState::other:
      return "OTHER";
  }
  return "OTHER";
}

PortState port_state_from_string(const std::string& text) {
  if (text == "DOWN") return PortState::down;
  if (text == "IDLE") return PortState::idle;
  if (text == "STREAMS") return PortState::streams;
  if (text == "TX") return PortState::tx;
  if (text == "PAUSE") return PortState::pause;
  if (text == "PCAP_TX") return PortState::pcap_tx;
  return PortState::other;
}

bool is_active(PortState state) {
  return state == PortState::tx || state == PortState::pause || state == PortState::pcap_tx;
}

bool l3_mode(const PortStatus& status) {
  return !status.ipv4_state.empty() && status.ipv4_state != "none";
}

bool destination_resolved(const PortStatus& status) {
  if (l3_mode(status)) return status.ipv4_state != "unresolved";
  return status.ether_state != "unconfigured";
}

}  // namespace trexsearch::trex
