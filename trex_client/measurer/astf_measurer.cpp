#include "trex_client/measurer/astf_measurer.hpp"

#include <algorithm>
#include <cmath>

#include "measure/errors.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"

namespace trexsearch::trex {
namespace {

// PARSE and BUILD run on TRex's DP cores (a few ms; PARSE of a large profile longer).
constexpr measure::Seconds kStartBound{30.0};

bool transmitting_or_done(const AstfSync& sync) {
  const AstfState state = sync.profile_state(astf_default_profile);
  return state != AstfState::parse && state != AstfState::build;
}

bool ended(const AstfSync& sync) {
  const AstfState state = sync.profile_state(astf_default_profile);
  return state == AstfState::loaded || state == AstfState::idle;
}

}  // namespace

AstfMeasurer::AstfMeasurer(AstfSession& session, AstfMeasurerConfig config, WaitClock& clock)
    : session_(session), config_(std::move(config)), clock_(clock) {
  config_.validate();
}

measure::Seconds AstfMeasurer::generation_time(measure::Seconds intended_duration,
                                               double load_tps) const {
  if (config_.sessions) return measure::Seconds{static_cast<double>(*config_.sessions) / load_tps};
  return intended_duration;
}

measure::TrialOutcome AstfMeasurer::measure(measure::Seconds intended_duration,
                                            double intended_load_pps, std::stop_token stop) {
  if (!std::isfinite(intended_load_pps) || intended_load_pps <= 0.0) {
    throw measure::MeasurementError(
        "ASTF trial load = " + measure::format_value(intended_load_pps) +
        " transactions/s: must be > 0 and finite");
  }
  if (!std::isfinite(intended_duration.count()) || intended_duration.count() <= 0.0) {
    throw measure::MeasurementError(
        "ASTF trial duration = " + measure::format_value(intended_duration.count()) +
        " s: must be > 0 and finite");
  }
  std::optional<measure::TrialNote> ramp_up;
  if (config_.ramp_up_tps) {
    ramp_up = ramp_up_if_due(generation_time(intended_duration, intended_load_pps), stop);
  }
  const measure::Seconds begun = clock_.now();
  measure::TrialOutcome outcome =
      run_with_setup_retries(intended_duration, intended_load_pps, stop);
  if (ramp_up) outcome.notes.insert(outcome.notes.begin(), *ramp_up);
  // CSIT: a complete trial that lost nothing made every session too.
  if (config_.ramp_up_tps && outcome.loss_count == 0 && !outcome.tester_limited_pps &&
      outcome.intended_count == outcome.offered_count) {
    sessions_made_ = {begun, clock_.now()};
  }
  return outcome;
}

measure::TrialOutcome AstfMeasurer::run_with_setup_retries(measure::Seconds intended_duration,
                                                           double load_tps, std::stop_token stop) {
  setup_recoveries_ = 0;
  for (;;) {
    try {
      return run_trial(intended_duration, load_tps, stop);
    } catch (const SetupRecovered&) {
      // TRex failed before the traffic started and the session recovered (profile
      // uploaded again): nothing was counted, so set the trial up again.
    }
  }
}

std::optional<measure::TrialNote> AstfMeasurer::ramp_up_if_due(measure::Seconds generation,
                                                               std::stop_token stop) {
  // CSIT's rule (trex-astf.md §4.4): ramp up when, by the coming trial's end, the
  // oldest session the last ramp-up made (from its start) or the youngest (from its
  // end) could have expired; one second of margin.
  const measure::Seconds now = clock_.now();
  if (sessions_made_) {
    const auto [made_from, made_until] = *sessions_made_;
    const measure::Seconds oldest = now + measure::Seconds{1.0} - made_from;
    const measure::Seconds youngest = now + measure::Seconds{1.0} - made_until + generation;
    if (std::max(oldest, youngest) < config_.state_timeout) return std::nullopt;
  }
  const double rate = *config_.ramp_up_tps;
  const measure::TrialOutcome ramp = run_with_setup_retries(generation, rate, stop);
  sessions_made_ = {now, clock_.now()};
  return measure::TrialNote::of(measure::note_key::ramp_up,
                                "a ramp-up run at " + measure::format_value(rate) +
                                    " transactions/s opened the DUT's " +
                                    std::to_string(*config_.sessions) +
                                    " sessions again before this trial (they expire after " +
                                    measure::format_value(config_.state_timeout.count()) +
                                    " s); it attempted " + std::to_string(ramp.offered_count) +
                                    ", lost " + std::to_string(ramp.loss_count) + " (not counted)");
}

void AstfMeasurer::recover_before_start(const TrexError& error) {
  if (++setup_recoveries_ > config_.max_setup_recoveries) throw error;
  session_.recover(error);
  throw SetupRecovered{};
}

void AstfMeasurer::fail_trial(const TrexError& error) {
  if (!RecoveringSession::is_recoverable(error)) {
    stop_quietly();
    throw error;
  }
  session_.recover(error);
  throw TrialInterrupted(
      "ASTF trial interrupted by a TRex failure; the session recovered (re-synced, context "
      "re-acquired, profile uploaded again), repeat the trial. Cause: " +
      std::string(error.what()));
}

void AstfMeasurer::stop_quietly() {
  try {
    session_.astf().stop(session_.context(), astf_default_profile);
  } catch (const TrexError&) {
    // Best effort: the error that ended the trial is the one to report.
  }
}

void AstfMeasurer::start(const AstfStartRequest& request, std::stop_token stop) {
  const measure::Seconds asked = clock_.now();
  try {
    session_.astf().start(session_.context(), request);
  } catch (const TrexError& error) {
    if (RecoveringSession::is_recoverable(error)) recover_before_start(error);
    throw;
  }
  const std::optional<AstfSync> sync = session_.poll_until(transmitting_or_done, kStartBound, stop);
  if (!sync) {
    stop_quietly();
    throw TrexError(TrexErrorKind::transport, session_.api().endpoint(), "start",
                    "TRex did not start transmitting within 30 s (still parsing or building "
                    "the profile)");
  }
  tx_seen_ = clock_.now();
  start_latency_ = tx_seen_ - asked;
  if (ended(*sync)) {
    // Back to LOADED: a run too short to be seen transmitting, or a profile TRex
    // refused while parsing or building it; only the latter has an error text.
    const std::string refused = session_.take_profile_error();
    if (!refused.empty()) {
      throw TrexError(TrexErrorKind::rpc, session_.api().endpoint(), "start",
                      "TRex refused the ASTF profile: " + refused, std::nullopt, refused);
    }
  }
}

void AstfMeasurer::wait_end(measure::Seconds bound, std::stop_token stop) {
  if (session_.poll_until(ended, bound, stop)) return;
  // TRex did not end the run in time (flows that never close, a stalled data plane):
  // stop it, which terminates open flows, and wait for CLEANUP to finish.
  session_.astf().stop(session_.context(), astf_default_profile);
  if (!session_.poll_until(ended, config_.end_bound, stop)) {
    throw TrexError(TrexErrorKind::transport, session_.api().endpoint(), "stop",
                    "the ASTF run did not end within " +
                        measure::format_value(config_.end_bound.count()) + " s of its stop");
  }
}

AstfTrialCounters AstfMeasurer::read_trial_counters(const StatsSnapshot* baseline) {
  const AstfSnapshot snapshot = session_.astf().read_counters(config_.ports, astf_default_profile);
  AstfTrialCounters counters = name_counters(session_.counter_desc(), snapshot.counters);
  for (const PortCounters& port : snapshot.stats.ports) {
    std::int64_t out = static_cast<std::int64_t>(port.opackets);
    std::int64_t in = static_cast<std::int64_t>(port.ipackets);
    if (baseline != nullptr) {
      const PortCounters& before = baseline->port(port.port_id);
      out -= static_cast<std::int64_t>(before.opackets);
      in -= static_cast<std::int64_t>(before.ipackets);
    }
    counters.ports[port.port_id] = {out, in};
  }
  return counters;
}

measure::TrialOutcome AstfMeasurer::run_trial(measure::Seconds intended_duration, double load_tps,
                                              std::stop_token stop) {
  const measure::Seconds begun = clock_.now();
  const measure::Seconds generation = generation_time(intended_duration, load_tps);
  AstfStartRequest request;
  request.mult = load_tps / config_.total_cps;
  // A limited run ends by itself once its sessions are done; the grace lets the last
  // flows finish before `nc` ends them.
  request.duration_s = generation.count() + (config_.sessions ? config_.finish_grace.count() : 0.0);
  request.nc = true;
  request.client_mask = config_.client_mask;

  std::optional<StatsSnapshot> baseline;
  try {
    // Port counters count since TRex started (L7 counters restart with every start).
    baseline = session_.api().get_stats(config_.ports);
  } catch (const TrexError& error) {
    if (RecoveringSession::is_recoverable(error)) recover_before_start(error);
    throw;
  }
  start(request, stop);
  AstfTrialFacts facts;
  facts.load_tps = load_tps;
  facts.generation_time = generation;
  try {
    // From when TRex was seen transmitting: its DP cores schedule the first flow then
    // (plus 0.1 s, trex-astf.md §1.6), after PARSE and BUILD, so an anchor taken at
    // the request would check too early whenever those or the RPC take a while.
    const measure::Seconds pace_check =
        tx_seen_ + config_.start_delay + generation * (1.0 + config_.pace_slack);
    if (!clock_.sleep_until(pace_check, stop)) {
      stop_quietly();
      throw measure::MeasurementCancelled();
    }
    const AstfSnapshot paced = session_.astf().read_counters(config_.ports, astf_default_profile);
    const AstfTrialCounters at_check = name_counters(session_.counter_desc(), paced.counters);
    facts.attempts_at_pace_check = client_attempts(config_, at_check);
    const double speed_bound =
        std::max(0.0, request.duration_s - generation.count()) + config_.end_bound.count();
    wait_end(measure::Seconds{speed_bound}, stop);
    last_ = read_trial_counters(&*baseline);
  } catch (const TrexError& error) {
    fail_trial(error);
  }
  facts.wall_time = clock_.now() - begun;
  return count_astf_trial(config_, facts, last_);
}

}  // namespace trexsearch::trex
