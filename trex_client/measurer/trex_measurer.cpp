#include "trex_client/measurer/trex_measurer.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "measure/errors.hpp"
#include "trex_client/measurer/latency_counting.hpp"
#include "trex_client/measurer/trial_counting.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"
#include "trex_client/measurer/trial_notes.hpp"
#include "trex_client/measurer/trial_traffic.hpp"

namespace trexsearch::trex {

TrexMeasurer::TrexMeasurer(TrexSession& session, TrexMeasurerConfig config, WaitClock& clock)
    : session_(session), config_(std::move(config)), clock_(clock) {
  config_.validate();
  std::set<std::uint8_t> ports;
  for (const TrafficDirection& direction : config_.directions) {
    for (std::uint8_t port : {direction.tx_port, direction.rx_port}) {
      const auto& owned = session_.config().ports;
      if (std::find(owned.begin(), owned.end(), port) == owned.end()) {
        throw measure::ConfigError("directions", std::to_string(port),
                                   "port is not one of the session's ports");
      }
      ports.insert(port);
    }
  }
  all_ports_.assign(ports.begin(), ports.end());
  for (const TrafficDirection& direction : config_.directions) {
    if (config_.counters == CounterSource::flow_stats) pg_ids_.push_back(*direction.pg_id);
    if (direction.latency)
      latency_rate_pps_ = std::max(latency_rate_pps_, direction.latency->rate_pps);
  }
  latency_trial_pg_ids_ = pg_ids_;
  for (const std::uint32_t pg : latency_pg_ids(config_.directions)) {
    latency_trial_pg_ids_.push_back(pg);
  }
  recoveries_seen_ = session_.recoveries();
}

TrexMeasurer::~TrexMeasurer() {
  if (!rx_filters_pending_ || !session_.connected()) return;
  try {
    const std::vector<OwnedPort> ports = owned_tx_ports();
    session_.api().remove_rx_filters(ports);
  } catch (...) {
    // Best effort: the next user's first start detaches them too.
  }
}

bool TrexMeasurer::has_latency_streams() const { return latency_rate_pps_ > 0.0; }

std::vector<std::uint8_t> TrexMeasurer::tx_ports() const {
  std::vector<std::uint8_t> ports;
  for (const TrafficDirection& direction : config_.directions) ports.push_back(direction.tx_port);
  return ports;
}

void TrexMeasurer::stop_all_quietly(const Plan& plan) {
  try {
    session_.api().stop_traffic(owned_tx_ports(), plan.latency ? "*" : main_profile_id);
  } catch (...) {
    // Already failing; the original error is the one to report.
  }
}

namespace {

void check_trial(measure::Seconds intended_duration, double intended_load_pps) {
  if (!std::isfinite(intended_load_pps) || intended_load_pps <= 0.0) {
    throw measure::MeasurementError("TRex trial load must be > 0 frames/s, got " +
                                    measure::format_value(intended_load_pps));
  }
  if (!std::isfinite(intended_duration.count()) || intended_duration.count() <= 0.0) {
    throw measure::MeasurementError("TRex trial duration must be > 0 s, got " +
                                    measure::format_value(intended_duration.count()));
  }
}

}  // namespace

measure::TrialOutcome TrexMeasurer::measure(measure::Seconds intended_duration,
                                            double intended_load_pps, std::stop_token stop) {
  check_trial(intended_duration, intended_load_pps);
  // Plain trials never start the latency streams (they stay in their own profile).
  return run_trial(intended_duration, intended_load_pps, Plan{intended_load_pps, false}, stop);
}

measure::TrialOutcome TrexMeasurer::measure_latency(measure::Seconds intended_duration,
                                                    double intended_load_pps,
                                                    std::stop_token stop) {
  check_trial(intended_duration, intended_load_pps);
  if (!has_latency_streams()) {
    throw measure::MeasurementError(
        "no latency streams: the traffic profile has no \"latency\" section "
        "(docs/traffic-profiles.md)");
  }
  if (intended_load_pps < latency_rate_pps_) {
    // TRex refuses it too ("enforces a minimum rate", §2.3); say it in our terms.
    throw measure::MeasurementError(
        "latency trial load " + measure::format_value(intended_load_pps) +
        " pps per direction is below the latency streams' rate " +
        measure::format_value(latency_rate_pps_) +
        " pps: the load includes them, so the lowest latency trial load is " +
        measure::format_value(latency_rate_pps_) + " pps (the latency streams alone)");
  }
  const double main_pps = intended_load_pps - latency_rate_pps_;
  Plan plan{std::nullopt, true};
  if (main_pps > 0.0) plan.main_pps = main_pps;
  return run_trial(intended_duration, intended_load_pps, plan, stop);
}

void TrexMeasurer::prepare(TrialTrace& record, double intended_load_pps, std::stop_token stop) {
  if (session_.recoveries() != recoveries_seen_) {
    recoveries_seen_ = session_.recoveries();
    warm_ = false;
    primed_ = false;
    ports_checked_ = false;
    exact_baseline_.reset();
  }
  check_ports_before_trials();
  if (config_.warmup_duration.count() > 0.0 && (!warm_ || config_.warmup_every_trial)) {
    // Warmup traffic (results discarded) lets the SUT fill caches and learn flows:
    // the main streams at the whole load.
    run_traffic(config_.warmup_duration, Plan{intended_load_pps, false}, stop);
    warm_ = true;
    record.warmup_done = true;
  } else if (!primed_ && config_.prime_duration.count() > 0.0) {
    // TRex's first run after it sat idle can start late (on the stand, after a minute
    // idle: not one frame in the first 12 ms). A short discarded run takes that, so
    // no counted trial does (docs/trials.md). A warmup does the same.
    run_traffic(config_.prime_duration, Plan{intended_load_pps, false}, stop);
    record.primed = true;
  }
  primed_ = true;
}

measure::TrialOutcome TrexMeasurer::run_trial(measure::Seconds intended_duration,
                                              double intended_load_pps, const Plan& plan,
                                              std::stop_token stop) {
  if (stop.stop_requested()) throw measure::MeasurementCancelled();

  TrialTrace record;
  measure::Seconds begin{0.0};
  measure::Seconds end{0.0};
  std::uint64_t exchanges_before = 0;
  Traffic traffic;
  setup_recoveries_ = 0;
  for (;;) {
    try {
      prepare(record, intended_load_pps, stop);
      begin = clock_.now();
      exchanges_before = session_.api().exchanges();
      traffic = run_traffic(intended_duration, plan, stop);
      end = clock_.now();
      if (!unverified_again(traffic, record)) break;
    } catch (const SetupRecovered&) {
      // TRex failed before the traffic started (a restart, a lost reply) and the
      // session recovered: nothing was counted. Prime (or warm up) the new session
      // and set the trial up again; setup_recoveries_ bounds the loop.
    }
  }

  std::vector<measure::TrialNote> latency_notes;
  std::vector<measure::DirectionLatency> latency =
      count_trial(record, traffic, plan, intended_duration, intended_load_pps, latency_notes);
  record_timing(record, traffic, intended_duration, begin, end);
  record.rpc_exchanges = session_.api().exchanges() - exchanges_before;
  measure::TrialOutcome outcome = outcome_of(record, traffic, plan, intended_duration);
  outcome.effective_duration = end - begin;
  outcome.notes.insert(outcome.notes.end(), latency_notes.begin(), latency_notes.end());
  outcome.latency = std::move(latency);
  last_ = record;
  ++trials_;
  return outcome;
}

std::vector<measure::DirectionLatency> TrexMeasurer::count_trial(
    TrialTrace& record, const Traffic& traffic, const Plan& plan,
    measure::Seconds intended_duration, double intended_load_pps,
    std::vector<measure::TrialNote>& latency_notes) {
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
  check_ports_after_silence(record, intended_duration, intended_load_pps, plan);
  record.foreign_rx_frames = foreign_rx_frames(config_.directions, config_.counters,
                                               traffic.baseline, traffic.final, record.directions);
  if (config_.counters == CounterSource::flow_stats) {
    // The receiving ports also counted the latency frames: they are no SUT frames.
    for (const measure::DirectionLatency& stream : latency) {
      record.foreign_rx_frames -= static_cast<std::int64_t>(stream.received);
    }
  }
  return latency;
}

void TrexMeasurer::record_timing(TrialTrace& record, const Traffic& traffic,
                                 measure::Seconds intended_duration, measure::Seconds begin,
                                 measure::Seconds end) const {
  record.wall_time = end - begin;
  // From the request: TRex starts sending 100 us after it, long before its reply.
  record.tx_time = traffic.tx_end - traffic.requested;
  record.settle_time = traffic.settled - traffic.tx_end;
  record.start_skew = traffic.start_skew;
  record.control_overhead = record.wall_time - intended_duration - record.settle_time;
  record.phases.before_start = traffic.requested - begin;
  record.phases.start_exchange = traffic.started - traffic.requested;
  record.phases.tx_end_wait = traffic.tx_end - traffic.requested - intended_duration;
  record.phases.settle = record.settle_time;
  record.phases.release = traffic.released - traffic.settled;
  record.phases.other = record.wall_time - intended_duration - record.phases.before_start -
                        record.phases.tx_end_wait - record.phases.settle - record.phases.release;
  record.baseline_reused = traffic.baseline_reused;
  record.tx_stopped = traffic.tx_stopped;
  record.settle_capped = traffic.settle_capped;
  record.settle_reads = traffic.settle_reads;
  record.tx_end_allowance = config_.tx_end_slack;
  if (traffic.judge) {
    for (std::size_t i = 0; i < traffic.judge->size(); ++i) {
      record.tx_judgements.push_back(traffic.judge->judge(i));
    }
  }
}

measure::TrialOutcome TrexMeasurer::outcome_of(TrialTrace& record, const Traffic& traffic,
                                               const Plan& plan,
                                               measure::Seconds intended_duration) const {
  measure::TrialOutcome outcome;
  for (const measure::DirectionCounts& direction : record.directions) {
    outcome.offered_count += direction.offered;
    outcome.loss_count += direction.loss();
    // TRex often sends load x duration + 1: more than intended is not loss.
    outcome.intended_count =
        outcome.intended_count.value_or(0) + std::max(direction.intended, direction.offered);
    record.negative_loss = record.negative_loss || direction.loss() < 0;
  }
  outcome.directions = record.directions;
  outcome.counters = to_string(config_.counters);
  outcome.tester_limited_pps = tester_limited_rate(record);
  record.tester_limited = outcome.tester_limited_pps.has_value();

  NoteInputs inputs;
  inputs.intended_duration = intended_duration;
  inputs.counters = config_.counters;
  inputs.latency_subtracted = plan.latency;
  inputs.queue_full =
      traffic.final.global.total_queue_full -
      std::min(traffic.final.global.total_queue_full, traffic.baseline.global.total_queue_full);
  outcome.notes = trial_notes(record, inputs);
  return outcome;
}

}  // namespace trexsearch::trex
