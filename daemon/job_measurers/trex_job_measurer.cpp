#include "daemon/job_measurers/trex_job_measurer.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "daemon/job_measurers/session_link.hpp"
#include "measure/errors.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {
namespace {

// Per-stream counting needs the flow_stats RX capability on every port of the
// profile; without it TRex refuses the streams with a terse "RX stats is not
// supported on this interface". Say what to do instead.
void check_flow_stats_support(const trex::SystemInfo& system,
                              const trex::CompiledProfile& profile) {
  for (const std::uint8_t port : profile.all_ports()) {
    for (const trex::PortInfo& info : system.ports) {
      if (info.index != port) continue;
      if (std::find(info.rx_caps.begin(), info.rx_caps.end(), "flow_stats") == info.rx_caps.end()) {
        throw measure::MeasurementError(
            "TRex port " + std::to_string(port) + " (driver " + info.driver +
            ") cannot count frames per stream (no flow_stats RX capability); set the "
            "measurer's \"counters\": \"port\" to count with port counters (then frames "
            "the SUT sends itself count as received)");
      }
    }
  }
}

}  // namespace

TrexJobMeasurer::TrexJobMeasurer(trex::CompiledProfile profile, TrexJobSettings settings)
    : profile_(std::move(profile)),
      settings_(std::move(settings)),
      scaled_clock_(settings_.speed),
      trial_clock_(settings_.clock != nullptr ? *settings_.clock : scaled_clock_),
      retry_clock_(settings_.clock != nullptr ? *settings_.clock : real_clock_) {
  for (const std::uint8_t port : profile_.all_ports()) {
    if (!settings_.ports.empty() &&
        std::find(settings_.ports.begin(), settings_.ports.end(), port) == settings_.ports.end()) {
      throw measure::ConfigError("measurer.ports", std::to_string(port),
                                 "the profile uses this port; the job must own it");
    }
  }
  trex::SessionConfig config_for_session = job_session_config(
      settings_, settings_.ports.empty() ? profile_.all_ports() : settings_.ports);
  config_for_session.retry_clock = &retry_clock_;
  session_ =
      trex::open_session(settings_.endpoint, settings_.make_channel, std::move(config_for_session));
  trex_ = trex::build_measurer(*session_, settings_.trial, profile_, trial_clock_);
  repeating_ = std::make_unique<trex::RepeatingMeasurer>(*trex_);
  if (settings_.link) settings_.link->connecting(settings_.endpoint);
  try {
    // The job's stop (cancel, SIGTERM) reaches the connect retries through the
    // runner's RPC stop scope: a TRex that stays away must not hold a cancelled
    // job for the whole reconnect grace.
    connect_retrying(trex::RpcStopScope::current() != nullptr
                         ? trex::RpcStopScope::current()->token()
                         : std::stop_token{});
  } catch (const std::exception& error) {
    // No destructor will release the link, so `status` would say "connecting" for
    // good: a port-speed mismatch, a profile the session refuses... (give_up() told
    // the link already; telling it again keeps the same last error).
    if (settings_.link) settings_.link->failed(error.what());
    throw;
  }
  if (settings_.link) settings_.link->connected(trex_version_);
}

void TrexJobMeasurer::connect_once() {
  session_->connect();
  const trex::SystemInfo system = session_->api().get_system_info();
  if (settings_.trial.counters == trex::CounterSource::flow_stats) {
    check_flow_stats_support(system, profile_);
  }
  // A profile with latency streams on ports without the latency RX
  // capability: say so now, naming the port, not at the first latency trial.
  trex::check_latency_support(system, profile_.directions);
  check_port_speed();
  session_->load_streams(profile_.ports);
  trex_version_ = session_->api().get_version().version;
}

void TrexJobMeasurer::connect_retrying(std::stop_token stop) {
  try {
    session_->retry_until_done([this] { connect_once(); },
                               link_retry_hooks(settings_, "connect to"), stop);
  } catch (const trex::RetriesExhausted& exhausted) {
    give_up_on_trex(settings_, "connect to", exhausted);
  }
}

void TrexJobMeasurer::check_port_speed() {
  std::vector<std::uint8_t> tx_ports;
  for (const trex::TrafficDirection& direction : profile_.directions) {
    tx_ports.push_back(direction.tx_port);
  }
  double slowest = 0.0;
  for (const trex::PortStatus& status : session_->api().get_port_statuses(tx_ports)) {
    if (status.speed_gbps > 0.0) {
      slowest = slowest > 0.0 ? std::min(slowest, status.speed_gbps) : status.speed_gbps;
    }
  }
  if (!(slowest > 0.0)) return;  // TRex did not say; nothing to check against
  if (settings_.port_speed_gbps &&
      std::abs(slowest - *settings_.port_speed_gbps) > 1e-3 * *settings_.port_speed_gbps) {
    throw measure::MeasurementError(
        "TRex now reports " + measure::format_value(slowest) +
        " Gbit/s for the profile's ports, but the job's loads were converted "
        "with " +
        measure::format_value(*settings_.port_speed_gbps) +
        " Gbit/s at submission; submit the job again");
  }
  if (!settings_.max_load_pps || !settings_.mean_frame_bytes) return;
  if (const auto problem = trex::max_load_above_line_rate(
          *settings_.max_load_pps, trex::LineRate{slowest * 1e9, *settings_.mean_frame_bytes})) {
    throw measure::MeasurementError(*problem);
  }
}

TrexJobMeasurer::~TrexJobMeasurer() {
  // The session's destructor (below, after this body) releases the ports.
  if (settings_.link) settings_.link->released();
}

measure::TrialOutcome TrexJobMeasurer::measure(measure::Seconds intended_duration,
                                               double intended_load_pps, std::stop_token stop) {
  return recovering([&] { return repeating_->measure(intended_duration, intended_load_pps, stop); },
                    stop);
}

measure::TrialOutcome TrexJobMeasurer::measure_latency(measure::Seconds intended_duration,
                                                       double intended_load_pps,
                                                       std::stop_token stop) {
  return recovering(
      [&] { return repeating_->measure_latency(intended_duration, intended_load_pps, stop); },
      stop);
}

measure::TrialOutcome TrexJobMeasurer::recovering(
    const std::function<measure::TrialOutcome()>& trial, std::stop_token stop) {
  return run_recovering(*session_, settings_, trial, stop);
}

}  // namespace trexsearch::service
