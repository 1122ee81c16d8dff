// StlState's traffic: runs through the simulated SUT, their end, and the counters
// they leave (trex-protocol.md §2.9, §2.10, §5.5).
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "measure/errors.hpp"
#include "trex_client/api/async_event.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/model/stl_state.hpp"
#include "trex_emulator/model/stream_parts.hpp"

namespace trexsearch::trex::emu {
namespace {

// Frames the SUT itself sends (--dut-frames-per-run) are minimum-size frames.
constexpr std::uint64_t frame_bytes_of_dut_frames = 64;

}  // namespace
std::optional<PgStatsView> StlState::pg_stats(std::uint32_t pg_id, measure::Seconds now) {
  const auto version = pg_versions_.find(pg_id);
  if (version == pg_versions_.end()) return std::nullopt;
  settle(now);
  PgStatsView view;
  view.version = version->second;
  const std::vector<std::uint32_t> latency = active_pgids(true);
  view.latency = std::binary_search(latency.begin(), latency.end(), pg_id);
  view.ports = counters_->pg_totals(pg_id, now);
  const auto record = latency_records_.find(pg_id);
  if (record != latency_records_.end()) view.latency_record = record->second;
  return view;
}

double StlState::latency_capacity_pps(std::uint8_t port_id) const {
  const double capacity = sut_[port_id]->service_capacity_pps();
  return std::isfinite(capacity) ? capacity : std::numeric_limits<double>::max();
}

void StlState::apply_latency_loss(std::uint8_t port_id, std::vector<DeliveryPart>& parts,
                                  double load_pps) {
  for (DeliveryPart& part : parts) {
    if (!part.pg_id || !latency_records_.contains(*part.pg_id)) continue;
    FrameCounts& frames = part.frames;
    if (frames.tx_packets == 0) continue;
    // Latency frames have their own fate: the main parts keep exactly the counts the
    // SUT model gave them, so latency-path loss never changes the main loss.
    const std::uint64_t bytes_per_frame = frames.tx_bytes / frames.tx_packets;
    frames.rx_packets = latency_models_[port_id].draw_received(frames.tx_packets, load_pps,
                                                               latency_capacity_pps(port_id));
    frames.rx_bytes = frames.rx_packets * bytes_per_frame;
  }
}

void StlState::draw_latency(std::uint8_t port_id, const std::vector<std::uint32_t>& pg_ids,
                            double load_pps, measure::Seconds begin, measure::Seconds end) {
  for (const std::uint32_t pg_id : pg_ids) {
    const auto found = latency_records_.find(pg_id);
    if (found == latency_records_.end()) continue;
    LatencyRecord& record = found->second;
    // A latency pg_id belongs to one stream on one port: its eventual counters are
    // this stream's frames, those not yet turned into samples are new.
    const std::vector<PortTotals> eventual = counters_->pg_eventual(pg_id);
    const std::uint64_t sent = eventual.at(port_id).opackets;
    const std::uint64_t received = eventual.at(peer(port_id)).ipackets;
    const std::uint64_t new_sent = sent > record.accounted_sent ? sent - record.accounted_sent : 0;
    const std::uint64_t new_received =
        received > record.accounted_received ? received - record.accounted_received : 0;
    if (new_sent == 0 && new_received == 0) continue;
    sim::LatencySamples samples;
    if (new_received > 0) {
      const sim::LatencyConditions conditions{
          .load_pps = load_pps,
          .capacity_pps = latency_capacity_pps(port_id),
          .duration = std::max(end - begin, measure::Seconds{1e-6}),
          .soak_offset = std::max(begin - started_, measure::Seconds{0.0})};
      samples = latency_models_[port_id].draw_latencies(new_received, conditions);
    }
    record.add(samples, new_sent, new_received);
  }
}

double StlState::start_traffic(std::uint8_t port_id, const std::string& profile_id,
                               const MultiplierRequest& multiplier, measure::Seconds duration,
                               bool force, measure::Seconds now) {
  advance(now);
  Port& port = port_at(port_id);
  Profile& profile = existing_profile(port, profile_id);
  verify_profile_state(profile, profile_id, allow_streams, "start");
  // TrexStatelessPort::start_traffic checks the link only without force.
  if (!force && !link_up(port_id)) throw_execute_error("Link state is DOWN.");
  const TrafficPlan plan = plan_traffic(profile.streams, multiplier, link_bps(), force, duration);
  const bool was_transmitting = port_transmitting(port);

  Run run;
  // TRex's data-plane cores send their first frame 100 us after the start request
  // (trex-protocol.md §2.9): the measurer judges a port's pace from then.
  run.start = now + options_.data_plane_start_delay;
  for (const PlannedStream& stream : plan.streams) {
    if (stream.pg_id && latency_records_.contains(*stream.pg_id)) {
      run.latency_pgs.push_back(*stream.pg_id);
    }
  }
  run.demand_pps = plan.total_pps;
  run.bytes_per_packet = plan.bytes_per_packet;
  run.streams = plan.streams;
  // Duration stretching (§5.5): a port that cannot keep up sends every frame, late.
  // The ceiling is the port's, shared with the runs of its other profiles.
  run.pace =
      pace_for(port_demand(port, {plan.total_pps, l1_bps(plan.total_pps, plan.bytes_per_packet)}));
  if (!std::isfinite(plan.tx_time.count())) {
    run.unbounded = true;
    run.tx_end = measure::Seconds{std::numeric_limits<double>::infinity()};
    run.tx_pps = plan.total_pps * run.pace;
    run.accounted_until = run.start;
  } else {
    simulate_bounded_run(port_id, plan, profile, run);
  }
  profile.run = run;
  profile.state = ProfileState::tx;
  for (const PlannedStream& stream : plan.streams) {
    if (stream.pg_id) profile.rx_rules_attached = true;
  }
  repace_port(port_id, now);
  share_port_load(port);
  publish_started(port_id, profile_id, was_transmitting);
  // A zero-length run ends at once.
  advance(now);
  return plan.factor;
}

void StlState::simulate_bounded_run(std::uint8_t port_id, const TrafficPlan& plan,
                                    const Profile& profile, Run& run) {
  const measure::Seconds tx_time = plan.tx_time;
  const measure::Seconds wall = tx_time / run.pace;
  measure::TrialOutcome outcome;
  if (tx_time.count() > 0.0) {
    // Continuous streams: the SUT sees exactly the requested load, so a client can
    // replay the same model and get the same counts.
    const double load = plan.all_continuous ? plan.total_pps : plan.frames / tx_time.count();
    try {
      outcome = run.pace == 1.0 ? sut_[port_id]->trial(tx_time, load)
                                : sut_[port_id]->trial(wall, load * run.pace);
    } catch (const measure::MeasurementError& error) {
      throw_execute_error(std::string("simulated SUT cannot run this trial: ") + error.what());
    }
  }
  Delivery delivery = sut_delivery(port_id, run.start, run.start + wall);
  const std::uint64_t offered = offered_frames(outcome);
  const std::uint64_t forwarded = forwarded_frames(port_id, outcome);
  std::vector<double> weights;
  for (const PlannedStream& stream : plan.streams) weights.push_back(stream.frames);
  delivery.parts = stream_parts(plan.streams, weights, offered, forwarded);
  if (profile.rx_rules_attached) {
    for (DeliveryPart& part : delivery.parts) part.pg_counts_rx = false;
  }
  apply_latency_loss(port_id, delivery.parts,
                     wall.count() > 0.0 ? static_cast<double>(offered) / wall.count() : 0.0);
  if (options_.dut_frames_per_run > 0) {
    // The SUT's own frames (ARP, LLDP) carry no flow-stats tag: ports count them,
    // no pg id does (trex-flowstats-latency.md §1.2).
    const std::uint64_t frames = options_.dut_frames_per_run;
    delivery.parts.push_back({std::nullopt, {0, 0, frames, frames * frame_bytes_of_dut_frames}});
  }
  run.delivery = counters_->add(std::move(delivery));
  run.forward_ratio =
      offered > 0 ? static_cast<double>(forwarded) / static_cast<double>(offered) : 1.0;
  run.tx_end = run.start + wall;
  run.tx_pps = wall.count() > 0.0 ? static_cast<double>(offered) / wall.count() : 0.0;
}

void StlState::share_port_load(Port& port) {
  double port_pps = 0.0;
  for (const auto& [id, other] : port.profiles) {
    if (other.run) port_pps += other.run->tx_pps;
  }
  for (auto& [id, other] : port.profiles) {
    if (other.run) other.run->port_load_pps = std::max(other.run->port_load_pps, port_pps);
  }
}

void StlState::publish_started(std::uint8_t port_id, const std::string& profile_id,
                               bool was_transmitting) {
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
}

std::uint64_t StlState::offered_frames(const measure::TrialOutcome& outcome) {
  return static_cast<std::uint64_t>(std::max<std::int64_t>(0, outcome.offered_count));
}

std::uint64_t StlState::forwarded_frames(std::uint8_t port_id,
                                         const measure::TrialOutcome& outcome) const {
  // A forced start on a dead link: TRex counts the frames out, nobody receives them.
  if (!path_up(port_id)) return 0;
  return static_cast<std::uint64_t>(
      std::max<std::int64_t>(0, outcome.offered_count - outcome.loss_count));
}

Delivery StlState::sut_delivery(std::uint8_t port_id, measure::Seconds begin,
                                measure::Seconds end) const {
  Delivery delivery;
  delivery.tx_port = port_id;
  delivery.rx_port = peer(port_id);
  delivery.tx_begin = begin;
  delivery.tx_end = end;
  delivery.latency = options_.sut_latency;
  return delivery;
}

void StlState::account_unbounded(std::uint8_t port_id, Run& run, measure::Seconds now) {
  if (now <= run.accounted_until) return;
  const measure::Seconds chunk = now - run.accounted_until;
  measure::TrialOutcome outcome;
  try {
    outcome = sut_[port_id]->trial(chunk, run.tx_pps);
  } catch (const measure::MeasurementError&) {
    // A chunk too small or too large for the model: count it as loss-free.
    outcome.offered_count = std::llround(run.tx_pps * chunk.count());
  }
  const std::uint64_t offered = offered_frames(outcome);
  const std::uint64_t forwarded = forwarded_frames(port_id, outcome);
  Delivery delivery = sut_delivery(port_id, run.accounted_until, now);
  // Without an end, streams share a chunk by their rates.
  std::vector<double> weights;
  for (const PlannedStream& stream : run.streams) weights.push_back(stream.pps);
  delivery.parts = stream_parts(run.streams, weights, offered, forwarded);
  apply_latency_loss(port_id, delivery.parts, run.tx_pps);
  counters_->add(std::move(delivery));
  draw_latency(port_id, run.latency_pgs, std::max(run.tx_pps, run.port_load_pps),
               run.accounted_until, now);
  run.accounted_until = now;
}

void StlState::finish_run(std::uint8_t port_id, const std::string& profile_id, Profile& profile,
                          bool stopped, measure::Seconds at) {
  // Its latency frames are all on their way: their samples are drawn now (an
  // unbounded run's chunks already were).
  if (profile.run && !profile.run->latency_pgs.empty()) {
    const Run& run = *profile.run;
    const double load_pps = std::max(run.tx_pps, run.port_load_pps);
    draw_latency(port_id, run.latency_pgs, load_pps, std::min(run.start, at), at);
  }
  profile.run.reset();
  profile.state = ProfileState::streams;
  repace_port(port_id, at);
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

void StlState::stop_traffic(std::uint8_t port_id, const std::string& profile_id,
                            measure::Seconds now) {
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
    // Frames not sent yet never are, on port and pg counters alike; those sent still
    // arrive (§2.9: stop waits for the DP cores, not for the wire).
    if (profile.run->unbounded) {
      account_unbounded(port_id, *profile.run, now);
    } else if (profile.run->delivery) {
      counters_->truncate(*profile.run->delivery, now);
    }
    finish_run(port_id, id, profile, true, now);
  }
}

void StlState::advance(measure::Seconds now) {
  // Finish runs in the order they ended, so events come out in time order.
  for (;;) {
    std::optional<std::pair<measure::Seconds, std::pair<std::uint8_t, std::string>>> earliest;
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
    finish_run(port_id, profile_id, ports_[port_id].profiles[profile_id], false, earliest->first);
  }
  counters_->fold(now);
}

void StlState::settle(measure::Seconds now) {
  advance(now);
  // Unbounded runs are accounted whenever someone looks, on every port: a port's
  // receive counters depend on its peer's traffic.
  for (std::size_t p = 0; p < ports_.size(); ++p) {
    for (auto& [id, profile] : ports_[p].profiles) {
      if (profile.run && profile.run->unbounded) {
        account_unbounded(static_cast<std::uint8_t>(p), *profile.run, now);
      }
    }
  }
}

std::optional<measure::Seconds> StlState::next_deadline() const {
  std::optional<measure::Seconds> next;
  for (const Port& port : ports_) {
    for (const auto& [id, profile] : port.profiles) {
      if (!profile.run || profile.run->unbounded) continue;
      if (!next || profile.run->tx_end < *next) next = profile.run->tx_end;
    }
  }
  return next;
}

PortStatsView StlState::port_stats(std::uint8_t port_id, measure::Seconds now) {
  check_port(port_id);
  settle(now);
  PortStatsView view;
  view.totals = counters_->totals(port_id, now);
  auto rates = [&](std::uint8_t p, bool rx) {
    double pps = 0.0;
    double bps = 0.0;
    for (const auto& [id, profile] : ports_[p].profiles) {
      if (!profile.run) continue;
      const Run& run = *profile.run;
      const measure::Seconds shift = rx ? options_.sut_latency : measure::Seconds{0.0};
      if (now >= run.start + shift && now < run.tx_end + shift) {
        const double rate = rx ? run.tx_pps * run.forward_ratio : run.tx_pps;
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
