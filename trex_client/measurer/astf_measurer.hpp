#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <utility>

#include "measure/measurer.hpp"
#include "trex_client/measurer/astf_measurer_config.hpp"
#include "trex_client/measurer/astf_trial_counting.hpp"
#include "trex_client/session/astf_session.hpp"
#include "trex_client/session/wait_clock.hpp"

namespace trexsearch::trex {

/// The search Measurer over an ASTF session (docs/astf.md "Trials"): the load is in
/// transactions (connections) per second, set through `start`'s multiplier. One
/// trial: `start` (mult = load / Σ cps, duration = the generation time, `nc`), wait
/// until TRex transmits (a profile TRex refuses fails with TRex's reason), one read
/// when the pace allowance runs out (counted from when TRex was seen transmitting) (the client must
/// have attempted what it was asked by then), wait until TRex ends the run by itself (duration
/// over, or the sessions' limit used up and their flows closed; CLEANUP done, so the counters are
/// final), read the port and L7 counters in one batch, and count them
/// (count_astf_trial: CSIT's transaction types).
///
/// With a session count (the profile's `limit`) a trial attempts exactly that many
/// over sessions / load seconds, whatever the search's duration (CSIT); without,
/// it generates for the search's duration. The effective duration is the trial's
/// wall time.
///
/// TRex failures before the traffic starts are recovered and the trial goes on;
/// after it started, the session is recovered and TrialInterrupted is thrown so
/// that the caller repeats the trial. Not thread-safe.
class AstfMeasurer final : public measure::Measurer {
 public:
  /// The session must be connected with the profile uploaded. Throws ConfigError for
  /// an invalid config.
  AstfMeasurer(AstfSession& session, AstfMeasurerConfig config, WaitClock& clock);

  /// `intended_load_pps` is in transactions per second here (the job's load unit).
  /// Throws MeasurementCancelled when `stop` fires (traffic is stopped first),
  /// TrialInterrupted after a recovered TRex failure, TrexError for others
  /// (a refused profile among them), MeasurementError for a load or duration that
  /// is not positive and finite.
  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  /// The generation time of a trial at `load_tps`: sessions / load with a session
  /// count, else the search's duration.
  measure::Seconds generation_time(measure::Seconds intended_duration, double load_tps) const;
  /// The counters of the last completed trial (tests, benches).
  const AstfTrialCounters& last_counters() const { return last_; }
  /// From the start request to TRex transmitting, last trial [measurer clock s].
  measure::Seconds last_start_latency() const { return start_latency_; }

 private:
  struct SetupRecovered {};
  /// A run whose counts stand: its setup repeated after a recovery.
  measure::TrialOutcome run_with_setup_retries(measure::Seconds intended_duration, double load_tps,
                                               std::stop_token stop);
  /// Runs a ramp-up first when the DUT's sessions may expire during the coming trial
  /// (CSIT's rule); the note the trial gets then, else nothing.
  std::optional<measure::TrialNote> ramp_up_if_due(measure::Seconds generation,
                                                   std::stop_token stop);
  measure::TrialOutcome run_trial(measure::Seconds intended_duration, double load_tps,
                                  std::stop_token stop);
  /// start, then waits until TRex transmits (or ran and ended); a refused profile
  /// is a TrexError with TRex's reason.
  void start(const AstfStartRequest& request, std::stop_token stop);
  /// Waits for the run to end by itself within `bound`, else stops it.
  void wait_end(measure::Seconds bound, std::stop_token stop);
  AstfTrialCounters read_trial_counters(const StatsSnapshot* baseline);
  [[noreturn]] void recover_before_start(const TrexError& error);
  [[noreturn]] void fail_trial(const TrexError& error);
  void stop_quietly();

  AstfSession& session_;
  AstfMeasurerConfig config_;
  WaitClock& clock_;
  AstfTrialCounters last_;
  measure::Seconds start_latency_{0.0};
  /// When the last trial's `sync` first showed TRex transmitting (measurer clock).
  measure::Seconds tx_seen_{0.0};
  int setup_recoveries_ = 0;
  /// The last run that (re)made every DUT session: a ramp-up, or a trial that lost
  /// nothing [measurer clock].
  std::optional<std::pair<measure::Seconds, measure::Seconds>> sessions_made_;
};

}  // namespace trexsearch::trex
