// AstfState in time: start, stop, update, the transient states PARSE / BUILD / CLEANUP
// in emulated time, the runs, their events and counters (trex-astf.md §1.3, §1.4, §1.7).
#include <algorithm>
#include <cmath>

#include "trex_emulator/astf/astf_state.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/model/stl_state.hpp"

namespace trexsearch::trex::emu {
namespace {

/// How long each transient state lasts [emulated s]: a round of CP <-> DP messages.
constexpr double parse_s = 0.005;
constexpr double build_s = 0.005;
constexpr double cleanup_s = 0.005;
/// From entering TX to the first flow: 0.1 s + d_phase 0.01 s (§1.6).
constexpr double first_flow_s = 0.11;
/// The shortest one-way trip through the SUT (so that answers come after requests).
constexpr double min_latency_s = 50e-6;

void add_ports(PortTotals& sum, const PortTotals& more) {
  sum.opackets += more.opackets;
  sum.obytes += more.obytes;
  sum.ipackets += more.ipackets;
  sum.ibytes += more.ibytes;
}

}  // namespace

void AstfState::publish_profile(int type, const std::string& id, AstfProfileState state,
                                const std::string& error) {
  EmulatorEvent event;
  event.type = type;
  event.profile_id = id;
  event.astf_state = type == astf_event::profile_cleared ? -1 : static_cast<int>(state);
  event.epoch = epoch_;
  event.error = error;
  common_.publish(event);
}

void AstfState::publish_global() {
  const AstfProfileState state = global_state();
  if (state == published_global_) return;
  published_global_ = state;
  EmulatorEvent event;
  event.type = astf_event::state_changed;
  event.astf_state = static_cast<int>(state);
  event.epoch = epoch_;
  common_.publish(event);
}

void AstfState::change_state(const std::string& id, Profile& profile, AstfProfileState state,
                             const std::string& error) {
  profile.state = state;
  publish_profile(astf_event::profile_state_changed, id, state, error);
  publish_global();
}

void AstfState::start(const std::string& profile_id, const AstfStartRequest& request,
                      std::optional<AstfParseOutcome> parsed, measure::Seconds now) {
  advance(now);
  Profile& profile = profile_at(profile_id);
  check_states(profile, {AstfProfileState::loaded});
  if (!(request.mult >= 0.0) || !std::isfinite(request.mult)) {
    throw_execute_error("mult must be a finite number >= 0, got " + std::to_string(request.mult));
  }
  profile.request = request;
  profile.counters = AstfCounterValues{};
  ++epoch_;
  if (!profile.parsed) {
    profile.pending_parse = parsed ? std::move(parsed) : AstfParseOutcome{};
    profile.deadline = now.count() + parse_s;
    change_state(profile_id, profile, AstfProfileState::parse);
    return;
  }
  profile.deadline = now.count() + build_s;
  change_state(profile_id, profile, AstfProfileState::build);
}

void AstfState::stop(const std::string& profile_id, measure::Seconds now) {
  advance(now);
  Profile& profile = profile_at(profile_id);
  // Ignored unless transmitting (TrexAstf::stop_transmit); a stop forces nc.
  if (profile.state != AstfProfileState::tx || !profile.run) return;
  profile.run->terminate(now.count());
  advance(now);
}

void AstfState::update(const std::string& profile_id, double mult, measure::Seconds now) {
  advance(now);
  Profile& profile = profile_at(profile_id);
  check_states(profile, {AstfProfileState::tx});
  if (!(mult > 0.0) || !std::isfinite(mult)) {
    throw_execute_error("Ratio between current rate and new one is invalid.");
  }
  profile.request.mult = mult;
  if (profile.run) profile.run->set_mult(mult, now.count());
}

void AstfState::advance(measure::Seconds now) {
  for (auto& [id, profile] : profiles_) {
    while (step(id, profile, now.count())) {
    }
  }
}

bool AstfState::step(const std::string& id, Profile& profile, double now) {
  switch (profile.state) {
    case AstfProfileState::parse:
      if (profile.deadline > now) return false;
      end_parse(id, profile);
      return true;
    case AstfProfileState::build:
      if (profile.deadline > now) return false;
      enter_tx(id, profile, profile.deadline);
      return true;
    case AstfProfileState::tx:
      profile.run->advance(now);
      if (!profile.run->finished()) return false;
      enter_cleanup(id, profile, profile.run->finished_at());
      return true;
    case AstfProfileState::cleanup:
      if (profile.deadline > now) return false;
      change_state(id, profile, AstfProfileState::loaded);
      return true;
    default:
      return false;
  }
}

void AstfState::end_parse(const std::string& id, Profile& profile) {
  AstfParseOutcome outcome = std::move(profile.pending_parse).value_or(AstfParseOutcome{});
  profile.pending_parse.reset();
  if (!outcome.profile) {
    // Errors in PARSE go back to LOADED; the text rides in event 60.
    change_state(id, profile, AstfProfileState::loaded,
                 outcome.error.empty() ? "Profile parsing error: no profile" : outcome.error);
    return;
  }
  profile.model = std::move(outcome.profile);
  profile.parsed = true;
  profile.deadline += build_s;
  change_state(id, profile, AstfProfileState::build);
}

void AstfState::enter_tx(const std::string& id, Profile& profile, double at) {
  std::vector<AstfTemplatePlan> plans;
  for (const AstfTemplate& tmpl : profile.model->templates) {
    plans.push_back({astf_flow_shape(*profile.model, tmpl), tmpl.cps, tmpl.limit});
  }
  AstfRunSettings settings;
  settings.first_flow = at + first_flow_s;
  if (profile.request.duration > 0.0) settings.duration = profile.request.duration;
  settings.nc = profile.request.nc;
  settings.mult = profile.request.mult;
  for (std::uint32_t pair = 0; pair < suts_.size(); ++pair) {
    settings.generating_pairs.push_back(pair * 2 < 32 &&
                                        ((profile.request.client_mask >> (pair * 2)) & 1u) != 0);
  }
  settings.max_cps = options_.astf_max_cps;
  settings.latency_s = std::max(min_latency_s, options_.sut_latency.count());
  settings.session_timeout_s = options_.astf_sut.session_timeout_s;
  profile.run = std::make_unique<AstfRun>(std::move(plans), settings, suts_);
  change_state(id, profile, AstfProfileState::tx);
}

void AstfState::enter_cleanup(const std::string& id, Profile& profile, double at) {
  profile.counters = profile.run->counters(profile.run->finished_at());
  for (std::size_t port = 0; port < ended_ports_.size(); ++port) {
    add_ports(ended_ports_[port], profile.run->ports()[port]);
  }
  ended_flows_ += profile.run->flows_created();
  profile.run.reset();
  profile.deadline = at + cleanup_s;
  change_state(id, profile, AstfProfileState::cleanup);
}

std::optional<measure::Seconds> AstfState::next_deadline() const {
  std::optional<double> next;
  for (const auto& [id, profile] : profiles_) {
    std::optional<double> due;
    if (profile.state == AstfProfileState::tx && profile.run) {
      due = profile.run->next_deadline();
    } else if (profile.state == AstfProfileState::parse ||
               profile.state == AstfProfileState::build ||
               profile.state == AstfProfileState::cleanup) {
      due = profile.deadline;
    }
    if (due && (!next || *due < *next)) next = due;
  }
  if (!next) return std::nullopt;
  return measure::Seconds{*next};
}

AstfCounterValues AstfState::counter_values(const std::string& profile_id, measure::Seconds now) {
  advance(now);
  const Profile& profile = profile_at(profile_id);
  return profile.run ? profile.run->counters(now.count()) : profile.counters;
}

AstfCounterValues AstfState::total_counter_values(measure::Seconds now) {
  AstfCounterValues total;
  for (const std::string& id : profile_ids()) {
    const AstfCounterValues values = counter_values(id, now);
    total.client.add(values.client);
    total.server.add(values.server);
  }
  return total;
}

PortTotals AstfState::port_totals(std::uint8_t port, measure::Seconds now) {
  advance(now);
  PortTotals totals = port < ended_ports_.size() ? ended_ports_[port] : PortTotals{};
  for (const auto& [id, profile] : profiles_) {
    if (profile.run && port < profile.run->ports().size()) {
      add_ports(totals, profile.run->ports()[port]);
    }
  }
  return totals;
}

AstfGlobalView AstfState::global_view(measure::Seconds now) {
  advance(now);
  AstfGlobalView view;
  view.open_flows = ended_flows_;
  for (const auto& [id, profile] : profiles_) {
    if (!profile.run) continue;
    view.tx_cps += profile.run->created_cps(now.count());
    view.open_flows += profile.run->flows_created();
    const AstfCounterValues values = profile.run->counters(now.count());
    view.active_flows += static_cast<std::uint64_t>(values.client[AstfCounter::m_active_flows] +
                                                    values.server[AstfCounter::m_active_flows]);
  }
  return view;
}

void AstfState::flush_sut_sessions() {
  for (AstfSut& sut : suts_) sut.flush();
}

std::uint64_t AstfState::sut_sessions(std::uint32_t pair, measure::Seconds now) {
  advance(now);
  return pair < suts_.size() ? suts_[pair].sessions(now.count()) : 0;
}

}  // namespace trexsearch::trex::emu
