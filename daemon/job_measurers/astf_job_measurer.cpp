#include "daemon/job_measurers/astf_job_measurer.hpp"

#include "daemon/job_measurers/session_link.hpp"
#include "measure/errors.hpp"
#include "trex_client/transport/rpc_stop.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"

namespace trexsearch::service {
AstfJobMeasurer::AstfJobMeasurer(AstfJobSpec job, TrexJobSettings settings)
    : job_(std::move(job)),
      settings_(std::move(settings)),
      scaled_clock_(settings_.speed),
      trial_clock_(settings_.clock != nullptr ? *settings_.clock : scaled_clock_),
      retry_clock_(settings_.clock != nullptr ? *settings_.clock : real_clock_) {
  trex::SessionConfig config = job_session_config(settings_, job_.trial.ports);
  config.retry_clock = &retry_clock_;
  session_ = std::make_unique<trex::AstfSession>(
      settings_.make_channel ? settings_.make_channel(settings_.endpoint)
                             : std::make_unique<trex::ZmqRpcChannel>(settings_.endpoint),
      std::move(config));
  astf_ = std::make_unique<trex::AstfMeasurer>(*session_, job_.trial, trial_clock_);
  repeating_ = std::make_unique<trex::RepeatingMeasurer>(*astf_);
  if (settings_.link) settings_.link->connecting(settings_.endpoint);
  try {
    const std::stop_token stop = trex::RpcStopScope::current() != nullptr
                                     ? trex::RpcStopScope::current()->token()
                                     : std::stop_token{};
    try {
      session_->retry_until_done([this] { connect_once(); },
                                 link_retry_hooks(settings_, "connect to"), stop);
    } catch (const trex::RetriesExhausted& exhausted) {
      give_up_on_trex(settings_, "connect to", exhausted);
    }
  } catch (const std::exception& error) {
    if (settings_.link) settings_.link->failed(error.what());
    throw;
  }
  if (settings_.link) settings_.link->connected(trex_version_);
}

void AstfJobMeasurer::connect_once() {
  session_->connect();
  session_->load_profile({job_.profile.json, job_.profile.md5_hex});
  trex_version_ = session_->api().get_version().version;
}

AstfJobMeasurer::~AstfJobMeasurer() {
  if (settings_.link) settings_.link->released();
}

measure::TrialOutcome AstfJobMeasurer::measure(measure::Seconds intended_duration,
                                               double intended_load_pps, std::stop_token stop) {
  return run_recovering(
      *session_, settings_,
      [&] { return repeating_->measure(intended_duration, intended_load_pps, stop); }, stop);
}

}  // namespace trexsearch::service
