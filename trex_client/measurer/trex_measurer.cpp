#include "trex_client/measurer/trex_measurer.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "search/errors.hpp"
#include "trex_client/measurer/latency_counting.hpp"
#include "trex_client/measurer/trial_counting.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"
#include "trex_client/measurer/trial_notes.hpp"

namespace trexsearch::trex {

struct TrexMeasurer::Traffic {
  StatsSnapshot baseline;
  StatsSnapshot final;
  Seconds started{0.0};
  Seconds tx_end{0.0};
  Seconds settled{0.0};
  bool tx_stopped = false;
  bool settle_capped = false;
};


TrexMeasurer::TrexMeasurer(TrexSession& session, TrexMeasurerConfig config, WaitClock& clock)
    : session_(session), config_(std::move(config)), clock_(clock) {
  config_.validate();
  std::set<std::uint8_t> ports;
  for (const TrafficDirection& direction : config_.directions) {
    for (std::uint8_t port : {direction.tx_port, direction.rx_port}) {
      const auto& owned = session_.config().ports;
      if (std::find(owned.begin(), owned.end(), port) == owned.end()) {
        throw ConfigError("directions", std::to_string(port),
                          "port is not one of the session's ports");
      }
      ports.insert(port);
    }
  }
  all_ports_.assign(ports.begin(), ports.end());
  for (const TrafficDirection& direction : config_.directions) {
    if (config_.counters == CounterSource::flow_stats) pg_ids_.push_back(*direction.pg_id);
    if (direction.latency) latency_rate_pps_ = std::max(latency_rate_pps_, direction.latency->rate_pps);
  }
  latency_trial_pg_ids_ = pg_ids_;
  for (const std::uint32_t pg : latency_pg_ids(config_.directions)) {
    latency_trial_pg_ids_.push_back(pg);
  }
  recoveries_seen_ = session_.recoveries();
}

bool TrexMeasurer::has_latency_streams() const { return latency_rate_pps_ > 0.0; }

void TrexMeasurer::release_rx_filters(const Plan& plan) {
  // Real TRex stops counting a pg_id's received frames in later runs unless its RX
  // rules are detached after each run (seen on v3.08: every trial after the first
  // read 0 received per stream). After the final read, so no late frame is lost.
  std::vector<OwnedPort> ports;
  for (std::uint8_t port : tx_ports()) ports.push_back(session_.port(port));
  if (config_.counters == CounterSource::flow_stats && plan.main_pps) {
    session_.api().remove_rx_filters(ports);
  }
  if (plan.latency) session_.api().remove_rx_filters(ports, latency_profile_id);
}

Seconds TrexMeasurer::stop_after(Seconds duration) const {
  return duration * (1.0 + config_.tx_end_slack) + config_.tx_end_grace;
}

std::vector<std::uint8_t> TrexMeasurer::tx_ports() const {
  std::vector<std::uint8_t> ports;
  for (const TrafficDirection& direction : config_.directions) ports.push_back(direction.tx_port);
  return ports;
}

void TrexMeasurer::stop_all_quietly(const Plan& plan) {
  try {
    std::vector<OwnedPort> ports;
    for (std::uint8_t port : tx_ports()) ports.push_back(session_.port(port));
    session_.api().stop_traffic(ports, plan.latency ? "*" : main_profile_id);
  } catch (...) {
    // Already failing; the original error is the one to report.
  }
}

TrexMeasurer::Traffic TrexMeasurer::run_traffic(Seconds duration, const Plan& plan,
                                                std::stop_token stop) {
  TrexApi& api = session_.api();
  Traffic traffic;
  const std::vector<std::uint32_t>& pg_ids = plan.latency ? latency_trial_pg_ids_ : pg_ids_;
  // Settled early when every stream got all it sent: the main streams (per-stream
  // counting) and, in a latency trial, the latency streams too.
  std::vector<TrafficDirection> received_check;
  if (config_.counters == CounterSource::flow_stats) received_check = config_.directions;
  if (plan.latency) {
    for (const TrafficDirection& stream : latency_directions(config_.directions)) {
      received_check.push_back(stream);
    }
  }
  // Before the traffic starts nothing is lost by recovering: repeat the setup.
  for (int attempt = 0;; ++attempt) {
    try {
      traffic.baseline = api.get_stats(all_ports_, pg_ids);
      break;
    } catch (const TrexError& error) {
      if (!TrexSession::is_recoverable(error) || attempt >= config_.max_setup_recoveries) throw;
      session_.recover(error);
    }
  }

  auto cancel = [&] {
    stop_all_quietly(plan);
    throw MeasurementCancelled();
  };
  try {
    std::vector<PortStart> starts;
    for (std::uint8_t port : tx_ports()) {
      PortStart start;
      start.port = session_.port(port);
      start.request.duration = duration;
      start.request.force = config_.force_start;
      if (plan.main_pps) {
        // pps is the port's total, i.e. the per-direction load (trex-protocol.md §2.9).
        start.request.multiplier = {MultiplierType::pps, *plan.main_pps};
        starts.push_back(start);
      }
      if (plan.latency) {
        // Latency streams are fixed-rate: no multiplier scales them (§2.7). A pps
        // target on a profile with no variable part would divide 0 by 0, so raw 1.
        start.request.multiplier = {MultiplierType::raw, 1.0};
        start.request.profile_id = latency_profile_id;
        starts.push_back(start);
      }
    }
    api.start_traffic(starts);
    traffic.started = clock_.now();

    // TRex stops the traffic itself after the duration; look for the ports leaving
    // TX from then on, and stop any still sending at the deadline: what it had not
    // sent by then is unsent, so a stretching tester cannot pass (docs/trials.md).
    const Seconds deadline = traffic.started + stop_after(duration);
    if (!clock_.sleep_until(traffic.started + duration, stop)) cancel();
    const std::vector<std::uint8_t> ports = tx_ports();
    for (;;) {
      const std::vector<PortStatus> statuses = api.get_port_statuses(ports);
      const bool active = std::any_of(statuses.begin(), statuses.end(),
                                      [](const PortStatus& s) { return is_active(s.state); });
      const Seconds now = clock_.now();
      if (!active) {
        traffic.tx_end = now;
        break;
      }
      if (now >= deadline) {
        std::vector<OwnedPort> owned;
        for (std::uint8_t port : ports) owned.push_back(session_.port(port));
        // TX ends when the stop is sent, not when its reply is back: the rate the
        // tester reached is judged over the time it was allowed to send.
        traffic.tx_end = clock_.now();
        api.stop_traffic(owned, plan.latency ? "*" : main_profile_id);
        traffic.tx_stopped = true;
        break;
      }
      if (!clock_.sleep_until(now + config_.tx_poll_interval, stop)) cancel();
    }

    // In-flight frames: read until every stream received what it sent, or two reads
    // agree (RFC 2544's fixed wait is the settle_min option; a fixed sleep would
    // waste most of it).
    if (!clock_.sleep_until(traffic.tx_end + config_.settle_min, stop))
      throw MeasurementCancelled();
    StatsSnapshot previous = api.get_stats(all_ports_, pg_ids);
    if (!received_check.empty() &&
        all_received(received_check, traffic.baseline, previous)) {
      traffic.final = std::move(previous);
      traffic.settled = clock_.now();
      release_rx_filters(plan);
      return traffic;
    }
    for (;;) {
      if (!clock_.sleep_until(clock_.now() + config_.settle_poll_interval, stop)) {
        throw MeasurementCancelled();
      }
      StatsSnapshot current = api.get_stats(all_ports_, pg_ids);
      const Seconds now = clock_.now();
      const bool settled = counters_settled(previous, current) ||
                           (!received_check.empty() &&
                            all_received(received_check, traffic.baseline, current));
      if (settled || now - traffic.tx_end >= config_.settle_max) {
        traffic.settle_capped = !settled;
        traffic.final = std::move(current);
        traffic.settled = now;
        break;
      }
      previous = std::move(current);
    }
    release_rx_filters(plan);
  } catch (const TrexError& error) {
    if (!TrexSession::is_recoverable(error)) {
      stop_all_quietly(plan);
      throw;
    }
    session_.recover(error);
    recoveries_seen_ = session_.recoveries();
    warm_ = false;
    throw TrialInterrupted(
        "trial interrupted by a TRex failure; the session recovered (re-synced, re-acquired, "
        "streams re-added), repeat the trial. Cause: " +
        std::string(error.what()));
  }
  return traffic;
}

namespace {

void check_trial(Seconds intended_duration, double intended_load_pps) {
  if (!std::isfinite(intended_load_pps) || intended_load_pps <= 0.0) {
    throw MeasurementError("TRex trial load must be > 0 frames/s, got " +
                           format_value(intended_load_pps));
  }
  if (!std::isfinite(intended_duration.count()) || intended_duration.count() <= 0.0) {
    throw MeasurementError("TRex trial duration must be > 0 s, got " +
                           format_value(intended_duration.count()));
  }
}

}  // namespace

TrialOutcome TrexMeasurer::measure(Seconds intended_duration, double intended_load_pps,
                                   std::stop_token stop) {
  check_trial(intended_duration, intended_load_pps);
  // Plain trials never start the latency streams (they stay in their own profile).
  return run_trial(intended_duration, intended_load_pps, Plan{intended_load_pps, false}, stop);
}

TrialOutcome TrexMeasurer::measure_latency(Seconds intended_duration, double intended_load_pps,
                                           std::stop_token stop) {
  check_trial(intended_duration, intended_load_pps);
  if (!has_latency_streams()) {
    throw MeasurementError(
        "no latency streams: the traffic profile has no \"latency\" section "
        "(docs/traffic-profiles.md)");
  }
  if (intended_load_pps < latency_rate_pps_) {
    // TRex refuses it too ("enforces a minimum rate", §2.3); say it in our terms.
    throw MeasurementError("latency trial load " + format_value(intended_load_pps) +
                           " pps per direction is below the latency streams' rate " +
                           format_value(latency_rate_pps_) +
                           " pps: the load includes them, so the lowest latency trial load is " +
                           format_value(latency_rate_pps_) + " pps (the latency streams alone)");
  }
  const double main_pps = intended_load_pps - latency_rate_pps_;
  Plan plan{std::nullopt, true};
  if (main_pps > 0.0) plan.main_pps = main_pps;
  return run_trial(intended_duration, intended_load_pps, plan, stop);
}

TrialOutcome TrexMeasurer::run_trial(Seconds intended_duration, double intended_load_pps,
                                     const Plan& plan, std::stop_token stop) {
  if (stop.stop_requested()) throw MeasurementCancelled();

  TrialRecord record;
  if (session_.recoveries() != recoveries_seen_) {
    recoveries_seen_ = session_.recoveries();
    warm_ = false;
  }
  if (config_.warmup_duration.count() > 0.0 && (!warm_ || config_.warmup_every_trial)) {
    // Warmup traffic (results discarded) lets the SUT fill caches and learn flows:
    // the main streams at the whole load.
    run_traffic(config_.warmup_duration, Plan{intended_load_pps, false}, stop);
    warm_ = true;
    record.warmup_done = true;
  }

  const Seconds begin = clock_.now();
  const std::uint64_t exchanges_before = session_.api().exchanges();
  const Traffic traffic = run_traffic(intended_duration, plan, stop);
  const Seconds end = clock_.now();

  std::vector<std::string> latency_notes;
  std::vector<measure::DirectionLatency> latency;
  if (plan.latency) {
    latency = count_latency(config_.directions, traffic.baseline, traffic.final, latency_notes);
  }
  // The main traffic's share of the load: the tester is judged on what it was asked
  // to send with the main streams (nothing when the latency streams run alone).
  record.directions =
      count_directions(config_.directions, config_.counters, traffic.baseline, traffic.final,
                       intended_frames(plan.main_pps.value_or(0.0), intended_duration,
                                       config_.intended_count_tolerance));
  if (plan.latency && config_.counters == CounterSource::port) {
    subtract_latency_frames(record.directions, latency);
  }
  record.foreign_rx_frames = foreign_rx_frames(config_.directions, config_.counters,
                                               traffic.baseline, traffic.final, record.directions);
  if (config_.counters == CounterSource::flow_stats) {
    // The receiving ports also counted the latency frames: they are no SUT frames.
    for (const measure::DirectionLatency& stream : latency) {
      record.foreign_rx_frames -= static_cast<std::int64_t>(stream.received);
    }
  }
  record.wall_time = end - begin;
  record.tx_time = traffic.tx_end - traffic.started;
  record.settle_time = traffic.settled - traffic.tx_end;
  record.control_overhead = record.wall_time - intended_duration - record.settle_time;
  record.rpc_exchanges = session_.api().exchanges() - exchanges_before;
  record.tx_stopped = traffic.tx_stopped;
  record.settle_capped = traffic.settle_capped;

  TrialOutcome outcome;
  for (const DirectionCounts& direction : record.directions) {
    outcome.offered_count += direction.offered;
    outcome.loss_count += direction.loss();
    // TRex often sends load x duration + 1: more than intended is not loss.
    outcome.intended_count =
        outcome.intended_count.value_or(0) + std::max(direction.intended, direction.offered);
    record.negative_loss = record.negative_loss || direction.loss() < 0;
  }
  outcome.directions = record.directions;
  outcome.effective_duration = end - begin;
  outcome.counters = to_string(config_.counters);
  outcome.tester_limited_pps = tester_limited_rate(record);
  record.tester_limited = outcome.tester_limited_pps.has_value();

  NoteInputs inputs;
  inputs.intended_duration = intended_duration;
  inputs.stop_after = stop_after(intended_duration);
  inputs.counters = config_.counters;
  inputs.latency_subtracted = plan.latency;
  inputs.queue_full =
      traffic.final.global.total_queue_full -
      std::min(traffic.final.global.total_queue_full, traffic.baseline.global.total_queue_full);
  outcome.notes = trial_notes(record, inputs);
  outcome.notes.insert(outcome.notes.end(), latency_notes.begin(), latency_notes.end());
  outcome.latency = std::move(latency);
  last_ = record;
  ++trials_;
  return outcome;
}

}  // namespace trexsearch::trex
