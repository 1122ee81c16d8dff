#include "trex_client/session/trex_session.hpp"

#include <algorithm>

#include "measure/errors.hpp"
#include "trex_client/session/deadline_channel.hpp"
#include "trex_client/session/latency_support.hpp"

namespace trexsearch::trex {
TrexSession::TrexSession(std::unique_ptr<RpcChannel> channel, SessionConfig config)
    : RecoveringSession(std::move(channel), std::move(config)) {}

TrexSession::~TrexSession() {
  if (!connected_) return;
  try {
    api_.set_timeout(std::min(config_.rpc_timeout, measure::Seconds{0.5}));
    close();
  } catch (...) {
    // Best effort: TRex may be gone; never throw from a destructor.
  }
}

const OwnedPort& TrexSession::port(std::uint8_t port_id) const {
  const auto it = owned_.find(port_id);
  if (it == owned_.end()) {
    throw measure::ConfigError(
        "port", std::to_string(port_id),
        connected_ ? "not one of the session's ports" : "the session is not connected");
  }
  return it->second;
}

void TrexSession::sync_and_acquire() {
  api_.api_sync_v2(config_.api);
  owned_.clear();
  for (std::uint8_t port_id : config_.ports) {
    AcquireRequest request;
    request.port_id = port_id;
    request.user = config_.user;
    request.session_id = config_.session_id;
    request.force = config_.force_acquire;
    owned_[port_id] = api_.acquire(request);
  }
  // Leftovers of an earlier owner (or of ourselves before a lost reply): no traffic,
  // no streams. stop_traffic is a no-op on idle ports; "*" stops every profile.
  // remove_all_streams ignores "*" and profiles that do not exist (trex-core
  // TrexRpcCmdRemoveAllStreams), so name ours.
  std::vector<OwnedPort> ports;
  for (const auto& [id, port] : owned_) ports.push_back(port);
  api_.stop_traffic(ports, "*");
  for (const OwnedPort& port : ports) {
    api_.remove_all_streams(port, main_profile_id);
    api_.remove_all_streams(port, latency_profile_id);
  }
}

void TrexSession::add_profile_streams(std::uint8_t port_id, const std::string& profile_id,
                                      const std::vector<StreamSpec>& streams) {
  std::vector<NumberedStream> numbered;
  std::uint32_t next_id = 1;
  bool latency = false;
  for (const StreamSpec& stream : streams) {
    numbered.push_back({next_id++, stream});
    latency = latency || (stream.flow_stats.enabled && stream.flow_stats.rule_type == "latency");
  }
  try {
    api_.add_streams(port(port_id), numbered, profile_id);
  } catch (const TrexError& error) {
    // A refused latency stream (too little payload, pg_id in use, no RX support;
    // trex-flowstats-latency.md §1.1) is the profile's problem, not TRex's state.
    if (latency && error.kind() == TrexErrorKind::rpc && !is_recoverable(error)) {
      throw latency_unsupported(port_id, error);
    }
    throw;
  }
}

void TrexSession::connect() {
  sync_and_acquire();
  for (const auto& [id, port] : owned_) api_.set_service_mode(port, false);
  streams_.clear();
  connected_ = true;
  outage_.reachable();
  log("trex_connect endpoint=" + api_.endpoint() +
      " session_id=" + std::to_string(config_.session_id));
}

void TrexSession::load_streams(const std::vector<PortStreams>& streams) {
  for (const PortStreams& entry : streams) {
    const OwnedPort& owned = port(entry.port_id);
    api_.remove_all_streams(owned, entry.profile_id);
    add_profile_streams(entry.port_id, entry.profile_id, entry.streams);
    streams_[{entry.port_id, entry.profile_id}] = entry.streams;
  }
}

bool TrexSession::needs_port_destination(std::uint8_t port_id) const {
  constexpr std::uint32_t dst_mac_source_bits = 0x6;
  for (const auto& [where, streams] : streams_) {
    if (where.first != port_id) continue;
    for (const StreamSpec& stream : streams) {
      if ((stream.flags & dst_mac_source_bits) != StreamSpec::flag_dst_mac_from_packet) return true;
    }
  }
  return false;
}

void TrexSession::close() {
  std::vector<OwnedPort> ports;
  for (const auto& [id, port] : owned_) ports.push_back(port);
  connected_ = false;
  api_.stop_traffic(ports);
  for (const OwnedPort& port : ports) api_.release(port);
  owned_.clear();
}

void TrexSession::recover(const TrexError& cause) {
  log("trex_reconnect endpoint=" + api_.endpoint() + " cause=\"" + cause.what() + "\"");
  sync_and_acquire();
  for (const auto& [where, streams] : streams_) {
    add_profile_streams(where.first, where.second, streams);
  }
  connected_ = true;
  outage_.reachable();
  ++recoveries_;
  log("trex_reconnected endpoint=" + api_.endpoint() +
      " recoveries=" + std::to_string(recoveries_));
}

}  // namespace trexsearch::trex
