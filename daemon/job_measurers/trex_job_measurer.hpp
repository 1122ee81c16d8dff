#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/model/trex_link.hpp"
#include "measure/measurer.hpp"
#include "measure/units.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {

/// Everything a `trex` job needs to reach TRex (spec fields with daemon defaults filled in).
struct TrexJobSettings {
  std::string endpoint;
  std::string user = "trex-search";
  std::vector<std::uint8_t> ports;
  bool force_acquire = false;
  /// TRex session id (non-zero; 0 picks a random one): the job's, so a resumed
  /// job gets its own ports back.
  std::uint32_t session_id = 0;
  double speed = 1.0;
  /// TRex may stay unreachable this long (in real time, from the start of the first
  /// request it did not answer) before the job fails (trex::OutageDeadline).
  measure::Seconds reconnect_grace{60.0};
  /// First wait between reconnect attempts; doubles up to reconnect_backoff_max.
  measure::Seconds reconnect_backoff{0.05};
  measure::Seconds reconnect_backoff_max{2.0};
  /// Deadline of each RPC (a TRex that does not answer counts as unreachable).
  measure::Seconds rpc_timeout{3.0};
  /// Test seams: one clock for the trials, the grace and the waits between
  /// reconnects (null: the steady clock, scaled by `speed` for the trials only), the
  /// channel to TRex (null: ZeroMQ to `endpoint`) and an observer of every decision
  /// of the session's retry policy (may be empty).
  trex::WaitClock* clock = nullptr;
  trex::ChannelFactory make_channel;
  trex::RetryObserver retry_observer;
  /// One line per session event (trex_connect, trex_reconnect ...), for the daemon log.
  std::function<void(std::string_view)> log;
  /// Told of every connect, retry, failure and release, for `status`; may be null.
  TrexLink* link = nullptr;
  /// How trials run; its directions come from the profile.
  trex::TrexMeasurerConfig trial;
  /// The port speed the job's loads were converted with [Gbit/s]; the job fails at
  /// connect when TRex now reports another one.
  std::optional<double> port_speed_gbps;
  /// The job's highest load and the profile's mean frame size: checked against the
  /// line rate TRex reports at connect (not checked when the mean frame size is unknown).
  std::optional<double> max_load_pps;
  std::optional<double> mean_frame_bytes = 64.0;
};

/// The measurer of one `trex` job: owns the TRex session (and so the ports, from
/// connect() to destruction: released at the end, on cancel and on SIGTERM alike),
/// measures through RepeatingMeasurer so a TRex restart repeats only the interrupted
/// trial, and when TRex cannot be reached has the session reconnect with backoff
/// (TrexSession::retry_until_done: the session's policy decides every wait), failing
/// the trial with a clear reason only once `reconnect_grace` has passed.
class TrexJobMeasurer final : public measure::Measurer {
 public:
  /// Connects, acquires the ports and loads the profile's streams, retrying within
  /// the grace period. Throws MeasurementError naming the endpoint when it cannot.
  TrexJobMeasurer(trex::CompiledProfile profile, TrexJobSettings settings);
  ~TrexJobMeasurer() override;
  TrexJobMeasurer(const TrexJobMeasurer&) = delete;
  TrexJobMeasurer& operator=(const TrexJobMeasurer&) = delete;

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;
  /// Whether the profile has latency streams (docs/latency.md); latency trials get
  /// the same reconnect-and-repeat handling as any other.
  bool has_latency_streams() const override { return repeating_->has_latency_streams(); }
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

  /// TRex's `get_version` answer at connection ("v3.04").
  const std::string& trex_version() const { return trex_version_; }
  /// The measurer's clock (TRex's time, scaled by `speed`), for the job's search.
  const measure::Clock& clock() const { return trial_clock_; }
  /// Trials repeated after an interruption so far.
  std::uint64_t repeats() const { return repeating_->repeats(); }

 private:
  /// Checks the ports' speed and line rate against the job (throws MeasurementError).
  void check_port_speed();
  /// Connects, checks the ports and loads the streams: one attempt.
  void connect_once();
  /// Connects through the session's retry loop (MeasurementError when it gives up).
  void connect_retrying(std::stop_token stop);
  /// Runs one trial (`trial`) through the session, which recovers and runs it again
  /// when TRex went away during it.
  measure::TrialOutcome recovering(const std::function<measure::TrialOutcome()>& trial,
                                   std::stop_token stop);

  trex::CompiledProfile profile_;
  TrexJobSettings settings_;
  /// TRex's time (real time x speed) and real time, unless settings_.clock is set.
  trex::SteadyWaitClock scaled_clock_;
  trex::SteadyWaitClock real_clock_;
  trex::WaitClock& trial_clock_;
  /// The clock of the grace and the backoff: real time, whatever the speed (the
  /// session waits on it).
  trex::WaitClock& retry_clock_;
  std::unique_ptr<trex::TrexSession> session_;
  std::unique_ptr<trex::TrexMeasurer> trex_;
  std::unique_ptr<trex::RepeatingMeasurer> repeating_;
  std::string trex_version_;
};

}  // namespace trexsearch::service
