// StlState's traffic: runs through the simulated SUT, their end, and the counters
// they leave (trex-protocol.md §2.9, §2.10, §5.5).
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "search/errors.hpp"
#include "trex_client/api/async_event.hpp"
#include "trex_client/emulator/rpc_fault.hpp"
#include "trex_client/emulator/stl_state.hpp"

namespace trexsearch::trex::emu {
namespace {

// Frames the SUT itself sends (--dut-frames-per-run) are minimum-size frames.
constexpr double frame_bytes_of_dut_frames = 64.0;

}  // namespace
const PgCounters* StlState::pg_counters(std::uint32_t pg_id) const {
  const auto it = pg_counters_.find(pg_id);
  return it == pg_counters_.end() ? nullptr : &it->second;
}

double StlState::start_traffic(std::uint8_t port_id, const std::string& profile_id,
                               const MultiplierRequest& multiplier, Seconds duration, bool force,
                               Seconds now) {
  advance(now);
  Port& port = port_at(port_id);
  Profile& profile = existing_profile(port, profile_id);
  verify_profile_state(profile, profile_id, allow_streams, "start");
  const TrafficPlan plan = plan_traffic(profile.streams, multiplier, link_bps(), force, duration);
  const bool was_transmitting = port_transmitting(port);

  Run run;
  run.start = now;
  run.bytes_per_packet = plan.bytes_per_packet;
  if (!std::isfinite(plan.tx_time.count())) {
    run.unbounded = true;
    run.tx_end = Seconds{std::numeric_limits<double>::infinity()};
    run.tx_pps = plan.total_pps;
    run.rx_pps = plan.total_pps;
    run.accounted_until = now;
  } else {
    const Seconds tx_time = plan.tx_time;
    // Duration stretching (§5.5): a port that cannot keep up sends every frame, late.
    double stretch = 1.0;
    if (options_.max_tx_pps && plan.total_pps > *options_.max_tx_pps) {
      stretch = plan.total_pps / *options_.max_tx_pps;
    }
    const Seconds wall = tx_time * stretch;
    TrialOutcome outcome;
    if (tx_time.count() > 0.0) {
      // Continuous streams: the SUT sees exactly the requested load, so a client can
      // replay the same model and get the same counts.
      const double load = plan.all_continuous ? plan.total_pps : plan.frames / tx_time.count();
      try {
        outcome = stretch == 1.0 ? sut_[port_id]->trial(tx_time, load)
                                 : sut_[port_id]->trial(wall, load / stretch);
      } catch (const MeasurementError& error) {
        throw_execute_error(std::string("simulated SUT cannot run this trial: ") + error.what());
      }
    }
    const auto offered =
        static_cast<std::uint64_t>(std::max<std::int64_t>(0, outcome.offered_count));
    const auto forwarded = static_cast<std::uint64_t>(
        std::max<std::int64_t>(0, outcome.offered_count - outcome.loss_count));
    Delivery delivery;
    delivery.tx_port = port_id;
    delivery.rx_port = peer(port_id);
    delivery.tx_begin = now;
    delivery.tx_end = now + wall;
    delivery.latency = options_.sut_latency;
    delivery.tx_packets = offered;
    delivery.tx_bytes = static_cast<std::uint64_t>(
        std::llround(static_cast<double>(offered) * plan.bytes_per_packet));
    delivery.rx_packets = forwarded + options_.dut_frames_per_run;
    delivery.rx_bytes = static_cast<std::uint64_t>(
        std::llround(static_cast<double>(forwarded) * plan.bytes_per_packet +
                     static_cast<double>(options_.dut_frames_per_run) * frame_bytes_of_dut_frames));
    run.delivery = counters_->add(delivery);
    run.planned_tx = offered;
    run.forward_ratio =
        offered > 0 ? static_cast<double>(forwarded) / static_cast<double>(offered) : 1.0;
    for (const auto& [id, stream] : profile.streams) {
      if (!stream.transmits() || !stream.flow_stats) continue;
      const double pps =
          stream.latency ? stream.base_pps(link_bps()) : stream.base_pps(link_bps()) * plan.factor;
      run.pg_shares.push_back(
          {stream.pg_id, stream.latency, pps * tx_time.count(), stream.frame_bytes()});
    }
    run.tx_end = now + wall;
    run.tx_pps = wall.count() > 0.0 ? static_cast<double>(offered) / wall.count() : 0.0;
    run.rx_pps = wall.count() > 0.0 ? static_cast<double>(delivery.rx_packets) / wall.count() : 0.0;
  }
  profile.run = run;
  profile.state = ProfileState::tx;

  EmulatorEvent event;
  event.type = event_type::profile_started;
  event.port_id = port_id;
  event.profile_id = profile_id;
  publish(event);
  if (!was_transmitting) {
    EmulatorEvent port_event;
    port_event.type = event_type::port_started;
    port_event.port_id = port_id;
    publish(port_event);
  }
  // A zero-length run ends at once.
  advance(now);
  return plan.factor;
}

void StlState::account_unbounded(std::uint8_t port_id, Run& run, Seconds now) {
  if (now <= run.accounted_until) return;
  const Seconds chunk = now - run.accounted_until;
  TrialOutcome outcome;
  try {
    outcome = sut_[port_id]->trial(chunk, run.tx_pps);
  } catch (const MeasurementError&) {
    // A chunk too small or too large for the model: count it as loss-free.
    outcome.offered_count = std::llround(run.tx_pps * chunk.count());
  }
  const auto offered = static_cast<std::uint64_t>(std::max<std::int64_t>(0, outcome.offered_count));
  const auto forwarded = static_cast<std::uint64_t>(
      std::max<std::int64_t>(0, outcome.offered_count - outcome.loss_count));
  Delivery delivery;
  delivery.tx_port = port_id;
  delivery.rx_port = peer(port_id);
  delivery.tx_begin = run.accounted_until;
  delivery.tx_end = now;
  delivery.latency = options_.sut_latency;
  delivery.tx_packets = offered;
  delivery.tx_bytes =
      static_cast<std::uint64_t>(std::llround(static_cast<double>(offered) * run.bytes_per_packet));
  delivery.rx_packets = forwarded;
  delivery.rx_bytes = static_cast<std::uint64_t>(
      std::llround(static_cast<double>(forwarded) * run.bytes_per_packet));
  counters_->add(delivery);
  run.accounted_until = now;
}

void StlState::finish_run(std::uint8_t port_id, const std::string& profile_id, Profile& profile,
                          double sent_fraction, bool stopped) {
  // Packet-group counters are credited when the run ends (TRex counts them live;
  // clients read them after the traffic anyway).
  for (const Run::PgShare& share : profile.run->pg_shares) {
    PgCounters& pg = pg_counters_[share.pg_id];
    pg.latency = share.latency;
    const auto sent = static_cast<std::uint64_t>(std::llround(share.frames * sent_fraction));
    const auto received = static_cast<std::uint64_t>(
        std::llround(static_cast<double>(sent) * profile.run->forward_ratio));
    pg.tx_packets[port_id] += sent;
    pg.tx_bytes[port_id] +=
        static_cast<std::uint64_t>(static_cast<double>(sent) * share.frame_bytes);
    pg.rx_packets[peer(port_id)] += received;
    pg.rx_bytes[peer(port_id)] +=
        static_cast<std::uint64_t>(static_cast<double>(received) * share.frame_bytes);
  }
  profile.run.reset();
  profile.state = ProfileState::streams;
  if (!stopped) ++completed_runs_;
  EmulatorEvent event;
  event.type = stopped ? event_type::profile_stopped : event_type::profile_finished_tx;
  event.port_id = port_id;
  event.profile_id = profile_id;
  publish(event);
  if (!port_transmitting(ports_[port_id])) {
    EmulatorEvent port_event;
    port_event.type = stopped ? event_type::port_stopped : event_type::port_finished_tx;
    port_event.port_id = port_id;
    publish(port_event);
  }
}

void StlState::stop_traffic(std::uint8_t port_id, const std::string& profile_id, Seconds now) {
  advance(now);
  Port& port = port_at(port_id);
  std::vector<std::string> targets;
  if (profile_id == "*") {
    for (const auto& [id, profile] : port.profiles) targets.push_back(id);
  } else {
    existing_profile(port, profile_id);
    targets.push_back(profile_id);
  }
  for (const std::string& id : targets) {
    Profile& profile = port.profiles[id];
    if (profile.state != ProfileState::tx || !profile.run) continue;
    double sent_fraction = 1.0;
    if (profile.run->unbounded) {
      account_unbounded(port_id, *profile.run, now);
    } else if (profile.run->delivery) {
      const std::uint64_t sent = counters_->truncate(*profile.run->delivery, now);
      if (profile.run->planned_tx > 0) {
        sent_fraction = static_cast<double>(sent) / static_cast<double>(profile.run->planned_tx);
      }
    }
    finish_run(port_id, id, profile, sent_fraction, true);
  }
}

void StlState::advance(Seconds now) {
  // Finish runs in the order they ended, so events come out in time order.
  for (;;) {
    std::optional<std::pair<Seconds, std::pair<std::uint8_t, std::string>>> earliest;
    for (std::size_t p = 0; p < ports_.size(); ++p) {
      for (auto& [id, profile] : ports_[p].profiles) {
        if (!profile.run || profile.run->unbounded || profile.run->tx_end > now) continue;
        if (!earliest || profile.run->tx_end < earliest->first) {
          earliest = {profile.run->tx_end, {static_cast<std::uint8_t>(p), id}};
        }
      }
    }
    if (!earliest) break;
    const auto& [port_id, profile_id] = earliest->second;
    finish_run(port_id, profile_id, ports_[port_id].profiles[profile_id], 1.0, false);
  }
  counters_->fold(now);
}

std::optional<Seconds> StlState::next_deadline() const {
  std::optional<Seconds> next;
  for (const Port& port : ports_) {
    for (const auto& [id, profile] : port.profiles) {
      if (!profile.run || profile.run->unbounded) continue;
      if (!next || profile.run->tx_end < *next) next = profile.run->tx_end;
    }
  }
  return next;
}

PortStatsView StlState::port_stats(std::uint8_t port_id, Seconds now) {
  check_port(port_id);
  advance(now);
  // Unbounded runs are accounted whenever someone looks, on every port: this port's
  // receive counters depend on its peer's traffic.
  for (std::size_t p = 0; p < ports_.size(); ++p) {
    for (auto& [id, profile] : ports_[p].profiles) {
      if (profile.run && profile.run->unbounded) {
        account_unbounded(static_cast<std::uint8_t>(p), *profile.run, now);
      }
    }
  }
  PortStatsView view;
  view.totals = counters_->totals(port_id, now);
  auto rates = [&](std::uint8_t p, bool rx) {
    double pps = 0.0;
    double bps = 0.0;
    for (const auto& [id, profile] : ports_[p].profiles) {
      if (!profile.run) continue;
      const Run& run = *profile.run;
      const Seconds shift = rx ? options_.sut_latency : Seconds{0.0};
      if (now >= run.start + shift && now < run.tx_end + shift) {
        const double rate = rx ? run.rx_pps : run.tx_pps;
        pps += rate;
        bps += rate * run.bytes_per_packet * 8.0;
      }
    }
    return std::pair{pps, bps};
  };
  std::tie(view.tx_pps, view.tx_bps) = rates(port_id, false);
  std::tie(view.rx_pps, view.rx_bps) = rates(peer(port_id), true);
  return view;
}

}  // namespace trexsearch::trex::emu
