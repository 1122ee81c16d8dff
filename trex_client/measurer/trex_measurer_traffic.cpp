// One run of traffic for the TRex measurer: baseline, start, TX end, settle
// (docs/trials.md; where the time goes: docs/benchmarks-trex.md).
#include <algorithm>

#include "measure/errors.hpp"
#include "trex_client/measurer/latency_counting.hpp"
#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/measurer/trial_counting.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"
#include "trex_client/measurer/trial_traffic.hpp"

namespace trexsearch::trex {

std::vector<OwnedPort> TrexMeasurer::owned_tx_ports() const {
  std::vector<OwnedPort> ports;
  for (std::uint8_t port : tx_ports()) ports.push_back(session_.port(port));
  return ports;
}

void TrexMeasurer::cancel(const Plan& plan) {
  stop_all_quietly(plan);
  exact_baseline_.reset();
  throw measure::MeasurementCancelled();
}

bool TrexMeasurer::counts_end_tx(const Plan& plan) const {
  // Per-stream TX counts say the last frame left as soon as it did. The ports' state
  // says so only after TRex's control plane has heard from its data plane (a few ms
  // on v3.08), and each get_port_status costs about 4 ms there (it reads the link).
  // Latency trials keep the state path: their streams run at their own rate.
  return config_.counters == CounterSource::flow_stats && plan.main_pps && !plan.latency;
}

void TrexMeasurer::read_baseline(Traffic& traffic, std::span<const std::uint32_t> pg_ids) {
  if (traffic.by_counts && exact_baseline_) {
    traffic.baseline = std::move(*exact_baseline_);
    exact_baseline_.reset();
    traffic.baseline_reused = true;
    traffic.baseline_read = clock_.now();
    return;
  }
  exact_baseline_.reset();
  traffic.baseline_reused = false;
  try {
    traffic.baseline = read_stats(pg_ids);
    traffic.baseline_read = clock_.now();
  } catch (const TrexError& error) {
    // Before the traffic starts nothing is lost by recovering: set up again.
    if (!TrexSession::is_recoverable(error) || setup_recoveries_ >= config_.max_setup_recoveries) {
      throw;
    }
    recover_before_start(error);
  }
}

void TrexMeasurer::recover_before_start(const TrexError& error) {
  ++setup_recoveries_;
  exact_baseline_.reset();
  session_.recover(error);
  rx_filters_pending_ = false;  // the streams were re-added with fresh rules
  throw SetupRecovered{};
}

void TrexMeasurer::start_traffic(Traffic& traffic, measure::Seconds duration, const Plan& plan) {
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
  // The last run's RX rules go in the same batch, before the starts.
  std::vector<OwnedPort> release;
  if (rx_filters_pending_) release = owned_tx_ports();
  traffic.requested = clock_.now();
  const std::vector<StartTrafficReply> replies = session_.api().start_traffic(starts, release);
  rx_filters_pending_ = false;
  traffic.started = clock_.now();
  if (replies.size() > 1) {
    const auto [first, last] = std::minmax_element(
        replies.begin(), replies.end(), [](const StartTrafficReply& a, const StartTrafficReply& b) {
          return a.server_ts < b.server_ts;
        });
    traffic.start_skew = measure::Seconds{last->server_ts - first->server_ts};
  }
  if (!plan.main_pps) return;
  // Each direction's TX begins when TRex's data plane starts its port: after the server
  // time of that port's start (TRex starts a batch's ports one after another) and
  // before TRex went on past it, plus the DP start delay; TxEndJudge places it in that
  // window from the direction's pace. Judged from there in TRex's clock, neither the
  // start reply's latency nor the sequential start counts against the tester.
  traffic.intended = intended_frames(*plan.main_pps, duration, config_.intended_count_tolerance);
  std::vector<TxEndJudge::Direction> judged;
  const double delay_s = config_.tx_start_delay.count();
  for (const TrafficDirection& direction : config_.directions) {
    TxEndJudge::Direction judged_direction{0.0, traffic.intended, std::nullopt};
    for (std::size_t i = 0; i < starts.size(); ++i) {
      if (starts[i].port.port_id == direction.tx_port &&
          starts[i].request.profile_id == main_profile_id) {
        judged_direction.tx_begin_s = replies.at(i).server_ts + delay_s;
        if (replies[i].next_server_ts > replies[i].server_ts) {
          judged_direction.tx_begin_latest_s = replies[i].next_server_ts + delay_s;
        }
      }
    }
    judged.push_back(judged_direction);
  }
  traffic.judge.emplace(std::move(judged), duration, config_.tx_end_slack);
}

std::vector<TrafficDirection> TrexMeasurer::fully_received_streams(const Plan& plan) const {
  // Settled early when every stream got all it sent: the main streams (per-stream
  // counting) and, in a latency trial, the latency streams too.
  std::vector<TrafficDirection> streams;
  if (config_.counters == CounterSource::flow_stats) streams = config_.directions;
  if (plan.latency) {
    for (const TrafficDirection& stream : latency_directions(config_.directions)) {
      streams.push_back(stream);
    }
  }
  return streams;
}

StatsSnapshot TrexMeasurer::first_settle_read(Traffic& traffic,
                                              std::span<const std::uint32_t> pg_ids,
                                              std::stop_token stop) {
  // The counts path already read once, with its stop.
  if (traffic.by_counts && clock_.now() >= traffic.tx_end + config_.settle_min) {
    return std::move(traffic.final);
  }
  if (!clock_.sleep_until(traffic.tx_end + config_.settle_min, stop)) {
    throw measure::MeasurementCancelled();
  }
  ++traffic.settle_reads;
  return session_.api().get_stats(all_ports_, pg_ids);
}

void TrexMeasurer::settle(Traffic& traffic, const Plan& plan, std::span<const std::uint32_t> pg_ids,
                          std::stop_token stop) {
  TrexApi& api = session_.api();
  const std::vector<TrafficDirection> received_check = fully_received_streams(plan);
  // In-flight frames: read until every stream received what it sent, or two reads
  // agree (RFC 2544's fixed wait is the settle_min option; a fixed sleep would
  // waste most of it).
  StatsSnapshot previous = first_settle_read(traffic, pg_ids, stop);
  // After the stop or TRex's own end: what each direction sent in all, at a time of
  // TRex's clock (the state path's only read after the traffic).
  observe_tx(traffic, plan, previous);
  if ((!received_check.empty() && all_received(received_check, traffic.baseline, previous)) ||
      (traffic.all_sent_read && quiet_since(*traffic.all_sent_read, previous))) {
    traffic.final = std::move(previous);
    traffic.settled = clock_.now();
    return;
  }
  for (;;) {
    if (!clock_.sleep_until(clock_.now() + config_.settle_poll_interval, stop)) {
      throw measure::MeasurementCancelled();
    }
    StatsSnapshot current = api.get_stats(all_ports_, pg_ids);
    ++traffic.settle_reads;
    const measure::Seconds now = clock_.now();
    const bool settled =
        counters_settled(previous, current) ||
        (!received_check.empty() && all_received(received_check, traffic.baseline, current));
    if (settled || now - traffic.tx_end >= config_.settle_max) {
      traffic.settle_capped = !settled;
      traffic.final = std::move(current);
      traffic.settled = now;
      return;
    }
    previous = std::move(current);
  }
}

bool TrexMeasurer::quiet_since(const StatsSnapshot& earlier, const StatsSnapshot& later) const {
  // The settle's rule is two reads at least settle_poll_interval apart that agree on
  // every counter, after the last frame was sent. The TX-end read that saw every
  // frame sent, and the stop's read, are two such reads when they agree: equal TX
  // counts mean no frame left between them (and the stop ends the TX before the
  // later one), equal RX counts that none arrived for that long. So when TRex's stop
  // took longer than the interval (its data-plane barrier: 1 to 3 ms on the stand), a
  // lossy trial needs no read after it. How far apart the reads were is taken from
  // TRex's clock, less one read's round trip: a batch reads the port counters before
  // its ping and the per-stream ones after it.
  if (earlier.server_time_s <= 0.0 || later.server_time_s <= 0.0) return false;
  const double apart_s = later.server_time_s - earlier.server_time_s - read_rtt_.count();
  return apart_s >= config_.settle_poll_interval.count() && counters_settled(earlier, later);
}

void TrexMeasurer::fail_trial(const TrexError& error, const Plan& plan) {
  exact_baseline_.reset();
  if (!TrexSession::is_recoverable(error)) {
    stop_all_quietly(plan);
    throw;  // called from a handler: rethrows the original (not a sliced copy)
  }
  session_.recover(error);
  rx_filters_pending_ = false;  // the streams were re-added with fresh rules
  recoveries_seen_ = session_.recoveries();
  warm_ = false;
  primed_ = false;
  ports_checked_ = false;  // a restarted TRex may have lost its resolved destinations
  throw TrialInterrupted(
      "trial interrupted by a TRex failure; the session recovered (re-synced, re-acquired, "
      "streams re-added), repeat the trial. Cause: " +
      std::string(error.what()));
}

TrexMeasurer::Traffic TrexMeasurer::run_traffic(measure::Seconds duration, const Plan& plan,
                                                std::stop_token stop) {
  Traffic traffic;
  traffic.by_counts = counts_end_tx(plan);
  const std::vector<std::uint32_t>& pg_ids = plan.latency ? latency_trial_pg_ids_ : pg_ids_;
  traffic.begun = clock_.now();
  read_baseline(traffic, pg_ids);
  try {
    start_traffic(traffic, duration, plan);
  } catch (const TrexError& error) {
    // A restarted TRex refuses the whole batch on its stale API handle: nothing
    // started, so set up again as after a failed baseline read (with a reused
    // baseline, the start is the first exchange that meets the restart).
    if (error.is_api_verification_failure() && setup_recoveries_ < config_.max_setup_recoveries) {
      recover_before_start(error);
    }
    fail_trial(error, plan);
  }
  try {
    if (traffic.by_counts) {
      wait_tx_by_counts(traffic, duration, plan, pg_ids, stop);
    } else {
      wait_tx_by_state(traffic, duration, plan, pg_ids, stop);
    }
    settle(traffic, plan, pg_ids, stop);
    // The main streams' RX rules are detached in the next start's batch (after the
    // final read, so no late frame is lost; a separate exchange would cost ~0.25 ms
    // per trial). Real TRex stops counting a pg_id's received frames in later runs
    // unless they are (seen on v3.08: every trial after the first read 0).
    if (config_.counters == CounterSource::flow_stats && plan.main_pps) rx_filters_pending_ = true;
    if (plan.latency) session_.api().remove_rx_filters(owned_tx_ports(), latency_profile_id);
    traffic.released = clock_.now();
    // The next trial's baseline without an exchange of its own: per-stream counters move
    // only with the trial's own streams, and a settled read (every stream got what it
    // sent, or two reads settle_poll_interval apart agreed after the stop) has nothing
    // of this trial left in flight. A fresh read a few ms later would differ only by a
    // frame the SUT held back longer than that, which it would then count in neither
    // trial; reused, the next trial counts it (docs/trials.md "Baseline").
    if (traffic.by_counts && !traffic.settle_capped) exact_baseline_ = traffic.final;
  } catch (const TrexError& error) {
    fail_trial(error, plan);
  } catch (const measure::MeasurementCancelled&) {
    exact_baseline_.reset();
    throw;
  }
  return traffic;
}

}  // namespace trexsearch::trex
