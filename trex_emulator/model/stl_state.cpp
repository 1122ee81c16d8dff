#include "trex_emulator/model/stl_state.hpp"

#include <algorithm>

#include "measure/errors.hpp"
#include "sim/latency_options.hpp"
#include "trex_client/api/async_event.hpp"
#include "trex_emulator/model/rpc_fault.hpp"

namespace trexsearch::trex::emu {
namespace {

// A session that never polls must not grow without bound; beyond this TRex-like
// stall limit new events are dropped for it (without consuming sequence numbers, so
// what it does get stays contiguous).
constexpr std::size_t max_queued_events = 10000;

}  // namespace

StlState::StlState(EmulatorOptions options, measure::Seconds now)
    : options_(std::move(options)), random_(std::random_device{}()) {
  options_.validate();
  for (std::uint32_t port = 0; port < options_.port_count; ++port) {
    // One model per direction, each with its own seed, so that the counts of one
    // direction do not depend on when the other one runs.
    sut_.push_back(
        sim::make_sut(options_.sut_model, options_.sut_options_for(port), options_.seed + port));
    const sim::LatencyOptions& latency = sut_.back()->latency_options();
    latency_models_.emplace_back(latency.parameters, sim::latency_seed(latency.seed, 0));
  }
  ports_.resize(options_.port_count);
  link_up_.assign(options_.port_count, true);
  restart(now);
}

void StlState::restart(measure::Seconds now) {
  started_ = now;
  api_h_ = random_token();
  for (Port& port : ports_) {
    port = Port{};
    port.profiles["_"] = Profile{};
  }
  counters_ = std::make_unique<CounterBook>(ports_.size());
  sessions_.clear();
  pg_versions_.clear();
  latency_records_.clear();
}

std::string StlState::random_token() {
  // TRex: 8 random alphanumerics for api handles and port handlers.
  static constexpr char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::uniform_int_distribution<std::size_t> pick(0, sizeof(alphabet) - 2);
  std::string token(8, 'A');
  for (char& c : token) c = alphabet[pick(random_)];
  return token;
}

const char* StlState::state_name(ProfileState state) {
  switch (state) {
    case ProfileState::idle:
      return "IDLE";
    case ProfileState::streams:
      return "STREAMS";
    case ProfileState::tx:
      return "TX";
  }
  return "IDLE";
}

bool StlState::port_transmitting(const Port& port) const {
  for (const auto& [id, profile] : port.profiles) {
    if (profile.state == ProfileState::tx) return true;
  }
  return false;
}

std::string StlState::port_state(const Port& port) const {
  // STL keeps states per profile; the port's is the "highest" (§3.1).
  bool streams = false;
  for (const auto& [id, profile] : port.profiles) {
    if (profile.state == ProfileState::tx) return "TX";
    streams = streams || profile.state == ProfileState::streams;
  }
  return streams ? "STREAMS" : "IDLE";
}

void StlState::check_port(std::uint8_t port) const {
  if (port < ports_.size()) return;
  std::string text = "invalid port id - should be:";
  for (std::size_t i = 0; i < ports_.size(); ++i) text += " " + std::to_string(i);
  throw_execute_error(text);
}

StlState::Port& StlState::port_at(std::uint8_t port) {
  check_port(port);
  return ports_[port];
}

const StlState::Port& StlState::port_at(std::uint8_t port) const {
  check_port(port);
  return ports_[port];
}

StlState::Profile& StlState::existing_profile(Port& port, const std::string& profile) {
  const auto it = port.profiles.find(profile);
  if (it == port.profiles.end()) throw_execute_error("profile_id " + profile + " does not exists");
  return it->second;
}

void StlState::verify_profile_state(const Profile& profile, const std::string& id, int allowed,
                                    const std::string& command) const {
  const int bit = profile.state == ProfileState::idle      ? allow_idle
                  : profile.state == ProfileState::streams ? allow_streams
                                                           : allow_tx;
  if ((allowed & bit) != 0) return;
  // TRex's text, including the quote it never closes (§2.7).
  throw_execute_error("command '" + command + "' cannot be executed on current state: '" +
                      state_name(profile.state) + " on profile_id(" + id + ").");
}

void StlState::publish(const EmulatorEvent& event) {
  for (auto& [session_id, session] : sessions_) {
    if (session.queue.size() >= max_queued_events) continue;
    EmulatorEvent copy = event;
    copy.seq = session.next_seq++;
    session.queue.push_back(std::move(copy));
  }
  ++event_generation_;
}

const std::string& StlState::sync_api(const std::string& name, int major, int minor) const {
  // TrexRpcAPIVersion::verify with the server at STL 5.1.
  constexpr int server_major = 5;
  constexpr int server_minor = 1;
  if (name != "STL") {
    throw_execute_error(
        "RPC configuration mismatch - server RPC configuration: 'STL', client RPC "
        "configuration: '" +
        name + "'");
  }
  std::string reason;
  if (major < server_major) {
    reason = "RPC version mismatch: a newer client version is required";
  } else if (major > server_major || minor > server_minor) {
    reason = "Version mismatch: your client version is too new to be supported by the server";
  }
  if (!reason.empty()) {
    throw_execute_error(reason + "\n(API type 'STL':  - server: '5.1', client: '" +
                        std::to_string(major) + "." + std::to_string(minor) + "')");
  }
  return api_h_;
}

void StlState::verify_owner(std::uint8_t port_id, const std::string& handler) const {
  const Port& port = port_at(port_id);
  if (!port.owned()) throw_execute_error("please acquire the port before modifying port state");
  if (port.handler != handler) {
    throw_execute_error("port is not owned by you or your current executing session");
  }
}

std::string StlState::acquire(std::uint8_t port_id, const std::string& user,
                              std::uint32_t session_id, bool force) {
  Port& port = port_at(port_id);
  if (session_id == 0) {
    // The real server asserts here and aborts (trex-protocol.md §2.0); refuse instead.
    throw_execute_error("session_id must be non-zero (TRex would abort on 0)");
  }
  const bool evicted = port.owned() && force;
  if (!port.owned() || force) {
    port.owner_user = user;
    port.owner_session = session_id;
    port.handler = random_token();
  } else if (port.owner_user != user) {
    throw_execute_error("port is already taken by '" + port.owner_user + "'");
  } else if (port.owner_session != session_id) {
    throw_execute_error("port is already owned by another session of '" + user + "'");
  }
  sessions_.try_emplace(session_id);
  EmulatorEvent event;
  event.type = event_type::port_acquired;
  event.port_id = port_id;
  event.who = user;
  event.session_id = session_id;
  event.force = evicted;
  publish(event);
  return port.handler;
}

void StlState::release(std::uint8_t port_id) {
  Port& port = port_at(port_id);
  EmulatorEvent event;
  event.type = event_type::port_released;
  event.port_id = port_id;
  event.who = port.owner_user;
  event.session_id = port.owner_session;
  // Like TRex, releasing does not stop traffic (§2.4).
  port.owner_user.clear();
  port.owner_session = 0;
  port.handler.clear();
  publish(event);
}

void StlState::set_service(std::uint8_t port, bool enabled) { port_at(port).service = enabled; }

bool StlState::link_up(std::uint8_t port) const {
  check_port(port);
  return link_up_[port];
}

void StlState::set_link_up(std::uint8_t port, bool up) {
  check_port(port);
  link_up_[port] = up;
}

PortView StlState::port_view(std::uint8_t port_id) const {
  const Port& port = port_at(port_id);
  PortView view;
  view.owner = port.owned() ? port.owner_user : "";
  view.state = port_state(port);
  view.service = port.service;
  view.profile_count = static_cast<std::uint32_t>(port.profiles.size());
  for (const auto& [id, profile] : port.profiles) {
    view.profile_states[id] = state_name(profile.state);
    if (!profile.streams.empty()) {
      view.max_stream_id = std::max(view.max_stream_id, profile.streams.rbegin()->first);
    }
  }
  return view;
}

void StlState::add_stream(std::uint8_t port_id, const std::string& profile_id,
                          std::uint32_t stream_id, EmulatedStream stream) {
  Port& port = port_at(port_id);
  Profile& profile = port.profiles[profile_id];
  verify_profile_state(profile, profile_id, allow_idle | allow_streams, "add_stream");
  if (profile.streams.contains(stream_id)) {
    throw_execute_error("stream " + std::to_string(stream_id) + " already exists in profile_id(" +
                        profile_id + ")");
  }
  if (stream.flow_stats && pg_versions_.contains(stream.pg_id)) {
    // CFlowStatUserIdMap::add_stream: a latency (payload) pg_id takes no second stream,
    // a stats pg_id no latency stream (trex-flowstats-latency.md §1.1).
    if (latency_records_.contains(stream.pg_id)) {
      throw_execute_error(
          "For payload rules: Can't have two streams with same pg_id, or same stream on more "
          "than one port");
    }
    if (stream.latency) {
      throw_execute_error("Can't use same pg_id for streams with different l4 protocol");
    }
  }
  // A pg id's counters live from its first stream to its last (§2.10 "Lifetime").
  if (stream.flow_stats && !pg_versions_.contains(stream.pg_id)) {
    pg_versions_[stream.pg_id] = next_pg_version_++;
    if (stream.latency) latency_records_[stream.pg_id] = LatencyRecord{};
  }
  profile.streams.emplace(stream_id, std::move(stream));
  profile.state = ProfileState::streams;
}

void StlState::remove_stream(std::uint8_t port_id, const std::string& profile_id,
                             std::uint32_t stream_id) {
  Profile& profile = existing_profile(port_at(port_id), profile_id);
  verify_profile_state(profile, profile_id, allow_streams, "remove_stream");
  if (profile.streams.erase(stream_id) == 0) {
    throw_execute_error("stream " + std::to_string(stream_id) + " does not exists in profile_id(" +
                        profile_id + ")");
  }
  if (profile.streams.empty()) profile.state = ProfileState::idle;
  forget_unused_pgids();
}

void StlState::remove_all_streams(std::uint8_t port_id, const std::string& profile_id) {
  Port& port = port_at(port_id);
  std::vector<std::string> targets;
  if (profile_id == "*") {
    for (const auto& [id, profile] : port.profiles) targets.push_back(id);
  } else if (port.profiles.contains(profile_id)) {
    targets.push_back(profile_id);
  }
  // All-or-nothing: check every target before touching any.
  for (const std::string& id : targets) {
    verify_profile_state(port.profiles[id], id, allow_idle | allow_streams,
                         "remove_and_delete_all_streams");
  }
  for (const std::string& id : targets) {
    if (id == "_") {
      port.profiles[id] = Profile{};
    } else {
      port.profiles.erase(id);
    }
  }
  forget_unused_pgids();
}

std::vector<std::string> StlState::profile_ids(std::uint8_t port) const {
  std::vector<std::string> ids;
  for (const auto& [id, profile] : port_at(port).profiles) ids.push_back(id);
  return ids;
}

const std::map<std::uint32_t, EmulatedStream>* StlState::streams(std::uint8_t port,
                                                                 const std::string& profile) const {
  const Port& p = port_at(port);
  const auto it = p.profiles.find(profile);
  return it == p.profiles.end() ? nullptr : &it->second.streams;
}

std::vector<std::uint32_t> StlState::active_pgids(bool latency) const {
  std::vector<std::uint32_t> ids;
  for (const Port& port : ports_) {
    for (const auto& [pid, profile] : port.profiles) {
      for (const auto& [sid, stream] : profile.streams) {
        if (stream.flow_stats && stream.latency == latency) ids.push_back(stream.pg_id);
      }
    }
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

void StlState::forget_unused_pgids() {
  const std::vector<std::uint32_t> stats = active_pgids(false);
  const std::vector<std::uint32_t> latency = active_pgids(true);
  for (auto it = pg_versions_.begin(); it != pg_versions_.end();) {
    const std::uint32_t pg = it->first;
    if (std::binary_search(stats.begin(), stats.end(), pg) ||
        std::binary_search(latency.begin(), latency.end(), pg)) {
      ++it;
      continue;
    }
    counters_->forget_pg(pg);
    latency_records_.erase(pg);
    it = pg_versions_.erase(it);
  }
}

void StlState::remove_rx_filters(std::uint8_t port_id, const std::string& profile_id) {
  Port& port = port_at(port_id);
  const auto it = port.profiles.find(profile_id);
  if (it == port.profiles.end())
    throw_execute_error("profile_id " + profile_id + " does not exists");
  verify_profile_state(it->second, profile_id, allow_idle | allow_streams, "remove_rx_filters");
  it->second.rx_rules_attached = false;
}

std::vector<EmulatorEvent> StlState::take_events(std::uint32_t session_id) {
  Session& session = sessions_[session_id];
  std::vector<EmulatorEvent> events(session.queue.begin(), session.queue.end());
  session.queue.clear();
  return events;
}

}  // namespace trexsearch::trex::emu
