#include "trex_emulator/astf/astf_state.hpp"

#include <cmath>

#include "trex_client/codec/astf/md5_hex.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/model/stl_state.hpp"

namespace trexsearch::trex::emu {

const char* astf_state_name(AstfProfileState state) {
  switch (state) {
    case AstfProfileState::idle:
      return "Idle";
    case AstfProfileState::loaded:
      return "Loaded profile";
    case AstfProfileState::parse:
      return "Parsing profile";
    case AstfProfileState::build:
      return "Setup traffic";
    case AstfProfileState::tx:
      return "Transmitting";
    case AstfProfileState::cleanup:
      return "Cleanup traffic";
    case AstfProfileState::del:
      return "Delete profile";
  }
  return "Idle";
}

AstfState::AstfState(StlState& common, const EmulatorOptions& options, measure::Seconds now)
    : common_(common), options_(options), random_(options.seed) {
  suts_.assign(options_.port_count / 2, AstfSut(options_.astf_sut));
  restart(now);
}

void AstfState::restart(measure::Seconds) {
  owner_.clear();
  handler_.clear();
  epoch_ = 1;
  published_global_ = AstfProfileState::idle;
  profiles_.clear();
  profiles_["_"] = Profile{};
  ended_ports_.assign(options_.port_count, PortTotals{});
  ended_flows_ = 0;
}

std::string AstfState::token() {
  static constexpr char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::uniform_int_distribution<std::size_t> pick(0, sizeof(alphabet) - 2);
  std::string text(8, 'A');
  for (char& c : text) c = alphabet[pick(random_)];
  return text;
}

const std::string& AstfState::sync_api(const std::string& name, int major, int minor) const {
  // TrexRpcAPIVersion::verify with the server at ASTF 2.3 (TrexAstf::TrexAstf).
  if (name != "ASTF") {
    throw_execute_error(
        "RPC configuration mismatch - server RPC configuration: 'ASTF', client RPC "
        "configuration: '" +
        name + "'");
  }
  std::string reason;
  if (major < 2) {
    reason = "RPC version mismatch: a newer client version is required";
  } else if (major > 2 || minor > 3) {
    reason = "Version mismatch: your client version is too new to be supported by the server";
  }
  if (!reason.empty()) {
    throw_execute_error(reason + "\n(API type 'ASTF':  - server: '2.3', client: '" +
                        std::to_string(major) + "." + std::to_string(minor) + "')");
  }
  return common_.api_handle();
}

void AstfState::verify_owner(const std::string& handler) const {
  if (handler_.empty() || handler != handler_) {
    throw_execute_error("must acquire the context for this operation");
  }
}

std::string AstfState::acquire(const std::string& user, std::uint32_t session_id, bool force,
                               std::vector<std::string>& port_handlers) {
  if (!handler_.empty() && !force) {
    throw_execute_error("context is already taken (use 'force' argument to override)");
  }
  owner_ = user;
  handler_ = token();
  port_handlers.clear();
  for (std::uint32_t port = 0; port < options_.port_count; ++port) port_handlers.push_back(token());
  // A profile uploaded in part is started over (TrexRpcCmdAstfAcquire: profile_init).
  for (auto& [id, profile] : profiles_) {
    if (profile.state == AstfProfileState::idle) profile.buffer.clear();
  }
  if (session_id != 0) common_.add_session(session_id);
  return handler_;
}

void AstfState::release() {
  owner_.clear();
  handler_.clear();
}

void AstfState::inc_epoch() {
  const AstfProfileState state = global_state();
  if (state == AstfProfileState::parse || state == AstfProfileState::build ||
      state == AstfProfileState::cleanup) {
    throw_execute_error(std::string("Can't increase epoch in current state: ") +
                        astf_state_name(state));
  }
  ++epoch_;
}

AstfProfileState AstfState::global_state() const {
  // TX > BUILD > PARSE > CLEANUP > LOADED (DELETE shown as LOADED) > IDLE.
  static constexpr AstfProfileState order[] = {AstfProfileState::tx, AstfProfileState::build,
                                               AstfProfileState::parse, AstfProfileState::cleanup,
                                               AstfProfileState::loaded};
  for (const AstfProfileState state : order) {
    for (const auto& [id, profile] : profiles_) {
      const AstfProfileState shown =
          profile.state == AstfProfileState::del ? AstfProfileState::loaded : profile.state;
      if (shown == state) return state;
    }
  }
  return AstfProfileState::idle;
}

std::map<std::string, AstfProfileState> AstfState::profile_states() const {
  std::map<std::string, AstfProfileState> states;
  for (const auto& [id, profile] : profiles_) states[id] = profile.state;
  return states;
}

std::string AstfState::port_state() const {
  switch (global_state()) {
    case AstfProfileState::idle:
      return "IDLE";
    case AstfProfileState::parse:
      return "ASTF_PARSE";
    case AstfProfileState::build:
      return "ASTF_BUILD";
    case AstfProfileState::tx:
      return "TX";
    case AstfProfileState::cleanup:
      return "ASTF_CLEANUP";
    default:
      return "ASTF_LOADED";
  }
}

namespace {

// The profile named `profile_id` of `profiles` (const or not), or TRex's error.
template <typename ProfileMap>
auto& existing_profile(ProfileMap& profiles, const std::string& profile_id) {
  const auto it = profiles.find(profile_id);
  if (it == profiles.end()) {
    throw_execute_error("ASTF profile_id " + profile_id + " does not exist");
  }
  return it->second;
}

}  // namespace

AstfState::Profile& AstfState::profile_at(const std::string& profile_id) {
  return existing_profile(profiles_, profile_id);
}

const AstfState::Profile& AstfState::profile_at(const std::string& profile_id) const {
  return existing_profile(profiles_, profile_id);
}

void AstfState::check_states(const Profile& profile,
                             std::initializer_list<AstfProfileState> allowed) const {
  for (const AstfProfileState state : allowed) {
    if (profile.state == state) return;
  }
  // TrexAstfPerProfile::profile_check_whitelist_states.
  std::string text =
      std::string("Invalid state: ") + astf_state_name(profile.state) + ", should be";
  if (allowed.size() > 1) text += " one of following";
  bool first = true;
  for (const AstfProfileState state : allowed) {
    text += (first ? ": " : ",") + std::string(astf_state_name(state));
    first = false;
  }
  throw_execute_error(text);
}

bool AstfState::matches_loaded(const std::string& profile_id, const std::string& md5) const {
  // TrexAstfPerProfile::profile_cmp_hash.
  for (const auto& [id, other] : profiles_) {
    if (other.hash.empty() || other.hash != md5) continue;
    if (id == profile_id) return true;
    throw_execute_error("Fragment already added on other profile_id");
  }
  return false;
}

void AstfState::add_fragment(const std::string& profile_id, const std::string& fragment, bool first,
                             bool last) {
  Profile& profile = profiles_[profile_id];
  if (first) {
    check_states(profile, {AstfProfileState::idle, AstfProfileState::loaded});
    if (profile.state == AstfProfileState::loaded) {
      change_state(profile_id, profile, AstfProfileState::idle);
    }
    profile.buffer.clear();
    profile.hash.clear();
    profile.parsed = false;
  }
  check_states(profile, {AstfProfileState::idle});
  profile.buffer += fragment;
  if (last) {
    change_state(profile_id, profile, AstfProfileState::loaded);
    profile.hash = md5_hex(profile.buffer);
  }
}

void AstfState::clear_profile(const std::string& profile_id, measure::Seconds) {
  Profile& profile = profile_at(profile_id);
  check_states(profile, {AstfProfileState::idle, AstfProfileState::loaded});
  if (profile.state == AstfProfileState::loaded) {
    change_state(profile_id, profile, AstfProfileState::del);
  }
  if (profile_id == "_") {
    profile = Profile{};
  } else {
    profiles_.erase(profile_id);
  }
  publish_profile(astf_event::profile_cleared, profile_id, AstfProfileState::idle, "");
  publish_global();
}

bool AstfState::needs_parse(const std::string& profile_id) const {
  const auto it = profiles_.find(profile_id);
  return it != profiles_.end() && !it->second.parsed;
}

std::string AstfState::profile_text(const std::string& profile_id) const {
  const auto it = profiles_.find(profile_id);
  return it == profiles_.end() ? std::string() : it->second.buffer;
}

std::vector<std::string> AstfState::profile_ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, profile] : profiles_) ids.push_back(id);
  return ids;
}

}  // namespace trexsearch::trex::emu
