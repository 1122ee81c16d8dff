// Forced starts: the checks TRex skips with `force`, made by the measurer where they
// cost least (docs/trials.md "Forced starts").
#include "measure/errors.hpp"
#include "trex_client/measurer/port_readiness.hpp"
#include "trex_client/measurer/trex_measurer.hpp"

namespace trexsearch::trex {

void TrexMeasurer::require_ports_ready(const std::string& when) {
  const std::vector<PortStatus> statuses = session_.api().get_port_statuses(all_ports_);
  std::vector<std::uint8_t> needs_destination;
  for (const std::uint8_t port : tx_ports()) {
    if (session_.needs_port_destination(port)) needs_destination.push_back(port);
  }
  const std::vector<std::string> problems = port_readiness_problems(statuses, needs_destination);
  if (problems.empty()) return;
  ports_checked_ = false;
  exact_baseline_.reset();
  throw measure::MeasurementError("TRex " + join_problems(problems) + " (" + when +
                                  "; the measurer starts traffic with force_start, which "
                                  "skips TRex's own link and destination checks)");
}

void TrexMeasurer::check_ports_before_trials() {
  if (!config_.force_start || ports_checked_) return;
  try {
    require_ports_ready("checked before the first trial");
  } catch (const TrexError& error) {
    // Nothing started yet: a recoverable failure sets the trial up again.
    if (!TrexSession::is_recoverable(error) || setup_recoveries_ >= config_.max_setup_recoveries) {
      throw;
    }
    recover_before_start(error);
  }
  ports_checked_ = true;
}

void TrexMeasurer::check_ports_after_silence(const TrialTrace& record, measure::Seconds duration,
                                             double load_pps, const Plan& plan) {
  if (!config_.force_start) return;
  // A SUT that forwards nothing is a result; a dead link or an unresolved
  // destination is not, and TRex would have refused to start on one. A read of
  // every port's status (about 4 ms per port on TRex v3.08) tells them apart, paid
  // only when a direction got nothing back.
  const std::optional<std::string> silent = silent_direction(record.directions);
  if (!silent) return;
  try {
    require_ports_ready("checked after a trial at " + measure::format_value(load_pps) +
                        " pps for " + measure::format_value(duration.count()) + " s in which " +
                        *silent + "; that trial is not counted");
  } catch (const TrexError& error) {
    // The status read failed after the traffic ended: as any failure after a start.
    fail_trial(error, plan);
  }
}

}  // namespace trexsearch::trex
