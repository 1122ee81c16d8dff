#pragma once

#include <optional>
#include <span>
#include <stop_token>
#include <vector>

#include "measure/measurer.hpp"
#include "trex_client/measurer/trex_measurer_config.hpp"
#include "trex_client/measurer/trial_trace.hpp"
#include "trex_client/session/trex_session.hpp"
#include "trex_client/session/wait_clock.hpp"

namespace trexsearch::trex {

/// The search Measurer over a TRex session (RFC 2544 trial, draft-06 "Trial";
/// docs/trials.md): baseline counters (or the previous trial's final read when it
/// saw every frame arrive), start every transmitting port at the per-direction load
/// for the intended duration (one batch), learn TX end from the per-stream TX counts
/// (or the ports' state with port counters and in latency trials), stop any port
/// still sending once TRex's clock passes every direction's allowed end (its TX
/// begin + duration * (1 + tx_end_slack)), let in-flight frames arrive (until every
/// stream received what it sent or two reads settle_poll_interval apart agree, the
/// first of them possibly the TX-end read that saw every frame sent, within
/// [settle_min, settle_max]), read all counters in one batch and subtract the baseline.
///
/// The outcome, per direction and summed: offered = frames sent, loss = sent -
/// received (may be negative), intended = ceil((duration - 10 us) x load) (so unsent
/// frames count as loss), counted per stream (flow_stats pg_ids) or with port
/// counters, and the effective duration = wall time of the whole trial. A direction
/// that did not send its intended frames by its allowed end in TRex's clock, or
/// did not show it did (TxEndJudge), makes the trial tester-limited (it never
/// passes).
/// Notes say so, and name negative loss, SUT frames, capped settling, full TX rings.
///
/// TRex failures before the traffic starts are recovered and the trial goes on;
/// after it started, the session is recovered and TrialInterrupted is thrown so
/// that the caller repeats the trial. Not thread-safe.
class TrexMeasurer final : public measure::Measurer {
 public:
  /// The session must be connected with the profile's streams loaded. Throws
  /// ConfigError for an invalid config or a direction whose port the session does
  /// not own.
  TrexMeasurer(TrexSession& session, TrexMeasurerConfig config, WaitClock& clock);
  /// Detaches RX rules the last trial left attached (best effort, bounded by the
  /// session's RPC timeout), so the next user of the ports counts from the start.
  ~TrexMeasurer() override;
  TrexMeasurer(const TrexMeasurer&) = delete;
  TrexMeasurer& operator=(const TrexMeasurer&) = delete;

  /// Throws MeasurementCancelled when `stop` fires (traffic is stopped first),
  /// TrialInterrupted after a recovered TRex failure, TrexError for others,
  /// MeasurementError for a load or duration that is not positive and finite.
  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  /// True when every direction has a latency stream (the profile's latency section).
  bool has_latency_streams() const override;

  /// A latency trial (docs/trials.md "Latency trials"): the latency streams (TRex
  /// profile "latency", fixed L per direction) and the main streams at load - L
  /// start in one batch; at load == L only the latency streams run. Same stop,
  /// settle and tester-limited rules as measure(), judged on the main traffic. The
  /// counts are the main traffic's only (port counting subtracts the latency
  /// frames); `latency` has each direction's latency stream (count_latency).
  /// Throws MeasurementError for a load below L or a profile without latency.
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

  /// Details of the last completed trial.
  const TrialTrace& last_trial() const { return last_; }
  /// Trials completed so far (warmups not counted).
  std::uint64_t trials() const { return trials_; }

 private:
  struct Traffic;
  /// Thrown inside the measurer after a recovery before the traffic started: the
  /// trial is set up again (run_trial).
  struct SetupRecovered {};
  /// What a trial starts on every transmitting port.
  struct Plan {
    /// The main streams' load [pps per direction]; absent: not started.
    std::optional<double> main_pps;
    /// Start the latency streams (TRex profile "latency") too.
    bool latency = false;
  };
  Traffic run_traffic(measure::Seconds duration, const Plan& plan, std::stop_token stop);
  // The steps of run_traffic (trex_measurer_traffic.cpp).
  bool counts_end_tx(const Plan& plan) const;
  void read_baseline(Traffic& traffic, std::span<const std::uint32_t> pg_ids);
  void start_traffic(Traffic& traffic, measure::Seconds duration, const Plan& plan);
  // TX end (trex_measurer_tx_end.cpp).
  void wait_tx_by_counts(Traffic& traffic, measure::Seconds duration, const Plan& plan,
                         std::span<const std::uint32_t> pg_ids, std::stop_token stop);
  void wait_tx_by_state(Traffic& traffic, measure::Seconds duration, const Plan& plan,
                        std::span<const std::uint32_t> pg_ids, std::stop_token stop);
  /// get_stats, timed into read_rtt_.
  StatsSnapshot read_stats(std::span<const std::uint32_t> pg_ids);
  /// Tells the judge what each direction's main streams had sent by `snapshot`.
  void observe_tx(Traffic& traffic, const Plan& plan, const StatsSnapshot& snapshot) const;
  /// Reads while the traffic still runs, at half the duration and four read_rtt_
  /// ahead of it, so the judge sees the pace each direction keeps.
  void read_pace(Traffic& traffic, measure::Seconds duration, const Plan& plan,
                 std::span<const std::uint32_t> pg_ids, std::stop_token stop);
  /// When to send the next TX-end read, after `current` came back at `now`: a poll
  /// interval on, or sooner so that it reaches TRex just past the allowed end of a
  /// direction still sending (the read that settles its verdict).
  measure::Seconds next_tx_read_at(const Traffic& traffic, const StatsSnapshot& current,
                                   measure::Seconds now) const;
  /// Whether TRex's clock at `snapshot` is past every direction's allowed end.
  static bool past_allowed_end(const Traffic& traffic, const StatsSnapshot& snapshot);
  /// The measurer-clock bound on waiting for TX to end, should TRex's clock stall.
  measure::Seconds tx_wait_bound(const Traffic& traffic, measure::Seconds duration) const;
  /// Whether two full counter reads (the earlier one after every frame was sent)
  /// agree and were at least settle_poll_interval apart in TRex's clock: the settle's
  /// two agreeing reads.
  bool quiet_since(const StatsSnapshot& earlier, const StatsSnapshot& later) const;
  /// The streams whose full receipt settles a run at once (settle()).
  std::vector<TrafficDirection> fully_received_streams(const Plan& plan) const;
  /// The settle's first read: the stop's (counts path, settle_min passed), else one
  /// after settle_min.
  StatsSnapshot first_settle_read(Traffic& traffic, std::span<const std::uint32_t> pg_ids,
                                  std::stop_token stop);
  void settle(Traffic& traffic, const Plan& plan, std::span<const std::uint32_t> pg_ids,
              std::stop_token stop);
  /// Stops the traffic (best effort), forgets the reusable baseline, throws
  /// MeasurementCancelled.
  [[noreturn]] void cancel(const Plan& plan);
  /// Recovers the session and throws SetupRecovered (counted in setup_recoveries_).
  [[noreturn]] void recover_before_start(const TrexError& error);
  /// Before a trial: what a recovery resets, then the warmup or the prime run.
  void prepare(TrialTrace& record, double intended_load_pps, std::stop_token stop);
  /// After the start: an unrecoverable error stops the traffic and is rethrown; a
  /// recoverable one recovers the session and throws TrialInterrupted.
  [[noreturn]] void fail_trial(const TrexError& error, const Plan& plan);
  std::vector<OwnedPort> owned_tx_ports() const;
  // Forced starts (trex_measurer_readiness.cpp).
  /// With force_start, once per session (again after a recovery): the checks TRex
  /// skips when forced, on every port of the directions (port_readiness.hpp).
  void check_ports_before_trials();
  /// With force_start, after a trial in which a direction received nothing: the
  /// same checks; a failing port throws MeasurementError and the trial is not
  /// counted (its loss was no SUT's).
  void check_ports_after_silence(const TrialTrace& record, measure::Seconds duration,
                                 double load_pps, const Plan& plan);
  /// Reads every port's status and throws MeasurementError naming each problem.
  void require_ports_ready(const std::string& when);
  measure::TrialOutcome run_trial(measure::Seconds intended_duration, double intended_load_pps,
                                  const Plan& plan, std::stop_token stop);
  // run_trial's steps after the traffic, in its order.
  /// The directions' counts (and the latency streams', returned) from the run's
  /// baseline and final reads; the ports checked after a silent direction.
  std::vector<measure::DirectionLatency> count_trial(
      TrialTrace& record, const Traffic& traffic, const Plan& plan,
      measure::Seconds intended_duration, double intended_load_pps,
      std::vector<measure::TrialNote>& latency_notes);
  /// Where the trial's wall time went (`begin` and `end` on the measurer's clock),
  /// and how the TX end was judged.
  void record_timing(TrialTrace& record, const Traffic& traffic, measure::Seconds intended_duration,
                     measure::Seconds begin, measure::Seconds end) const;
  /// The outcome from the counts, with the trial's notes.
  measure::TrialOutcome outcome_of(TrialTrace& record, const Traffic& traffic, const Plan& plan,
                                   measure::Seconds intended_duration) const;
  /// Whether the trial is run again because a direction is unverified (no read shows
  /// it sent its frames by its allowed end, TxEndJudge): it could not be judged either
  /// way. At most max_unverified_repeats times, each said in a note; the last run's
  /// verdict stands.
  bool unverified_again(const Traffic& traffic, TrialTrace& record) const;
  void stop_all_quietly(const Plan& plan);
  std::vector<std::uint8_t> tx_ports() const;

  TrexSession& session_;
  TrexMeasurerConfig config_;
  WaitClock& clock_;
  std::vector<std::uint8_t> all_ports_;
  /// The directions' pg_ids (flow_stats counting), read with every snapshot.
  std::vector<std::uint32_t> pg_ids_;
  /// pg_ids_ and the latency pg_ids: what a latency trial reads.
  std::vector<std::uint32_t> latency_trial_pg_ids_;
  /// The latency streams' rate per direction [pps]; 0 without latency streams.
  double latency_rate_pps_ = 0.0;
  TrialTrace last_;
  std::uint64_t trials_ = 0;
  bool warm_ = false;
  /// The prime run (or a warmup) ran since the session was (re)connected.
  bool primed_ = false;
  /// Recoveries before the traffic started, in the current trial.
  int setup_recoveries_ = 0;
  /// How long a counter read takes, request to reply (measurer clock): the pace read
  /// goes out this much (times four) before the end. Rises at once, decays slowly.
  measure::Seconds read_rtt_{0.0};
  std::uint64_t recoveries_seen_ = 0;
  /// check_ports_before_trials() passed since the session was (re)connected.
  bool ports_checked_ = false;
  /// The last run's final read, when it saw every frame sent arrive (flow_stats):
  /// the next run's exact baseline, as per-stream counters move only with our
  /// streams (docs/trials.md). Forgotten on any failure, recovery or other plan.
  std::optional<StatsSnapshot> exact_baseline_;
  /// The main profile's RX rules are still attached: detached in the next start's
  /// batch (TRex counts a pg_id's received frames again only after that). True at
  /// first, for rules a previous user left.
  bool rx_filters_pending_ = true;
};

}  // namespace trexsearch::trex
