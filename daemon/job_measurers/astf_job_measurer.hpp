#pragma once

#include <memory>
#include <stop_token>
#include <string>

#include "daemon/job_measurers/trex_job_measurer.hpp"
#include "daemon/model/job_spec.hpp"
#include "measure/measurer.hpp"
#include "trex_client/measurer/astf_measurer.hpp"
#include "trex_client/measurer/repeating_measurer.hpp"
#include "trex_client/session/astf_session.hpp"

namespace trexsearch::service {

/// The measurer of one ASTF (stateful) `trex` job (docs/astf.md): owns the ASTF
/// session (the whole TRex context, from connect to destruction), uploads the profile
/// and makes sure TRex accepts it (a profile TRex refuses fails the job with TRex's
/// reason when it starts), measures through RepeatingMeasurer so a TRex restart
/// repeats only the interrupted trial, and reconnects within `reconnect_grace` as the
/// stateless job measurer does (session_link.hpp).
class AstfJobMeasurer final : public measure::Measurer {
 public:
  /// Connects, acquires the context and uploads the profile, retrying within the
  /// grace period. Throws MeasurementError naming the endpoint when it cannot.
  AstfJobMeasurer(AstfJobSpec job, TrexJobSettings settings);
  ~AstfJobMeasurer() override;
  AstfJobMeasurer(const AstfJobMeasurer&) = delete;
  AstfJobMeasurer& operator=(const AstfJobMeasurer&) = delete;

  /// `intended_load_pps` is transactions per second (the job's unit).
  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  const std::string& trex_version() const { return trex_version_; }
  const measure::Clock& clock() const { return trial_clock_; }

 private:
  void connect_once();

  AstfJobSpec job_;
  TrexJobSettings settings_;
  trex::SteadyWaitClock scaled_clock_;
  trex::SteadyWaitClock real_clock_;
  trex::WaitClock& trial_clock_;
  trex::WaitClock& retry_clock_;
  std::unique_ptr<trex::AstfSession> session_;
  std::unique_ptr<trex::AstfMeasurer> astf_;
  std::unique_ptr<trex::RepeatingMeasurer> repeating_;
  std::string trex_version_;
};

}  // namespace trexsearch::service
