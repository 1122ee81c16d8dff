#include "daemon/job_measurers/session_link.hpp"

#include <optional>

#include "measure/errors.hpp"

namespace trexsearch::service {

trex::SessionConfig job_session_config(const TrexJobSettings& settings,
                                       std::vector<std::uint8_t> ports) {
  trex::SessionConfig config;
  config.user = settings.user;
  config.ports = std::move(ports);
  config.force_acquire = settings.force_acquire;
  config.session_id = settings.session_id;
  config.log = settings.log;
  config.rpc_timeout = settings.rpc_timeout;
  config.reconnect_grace = settings.reconnect_grace;
  config.reconnect_backoff = settings.reconnect_backoff;
  config.reconnect_backoff_max = settings.reconnect_backoff_max;
  config.retry_observer = settings.retry_observer;
  return config;
}

trex::RetryHooks link_retry_hooks(const TrexJobSettings& settings, const std::string& what) {
  return trex::RetryHooks{[&settings, what](const trex::RetryDecision& decision) {
    // The link first: a `status` during the wait says why; the log line may bring
    // the job's cancel, which ends the wait that follows at once.
    if (settings.link) settings.link->retrying(decision.error);
    if (settings.log) {
      settings.log("trex_retry what=" + what + " attempt=" + std::to_string(decision.attempt) +
                   " backoff_s=" + measure::format_value(decision.wait.value().count()) +
                   " cause=\"" + decision.error + "\"");
    }
  }};
}

void give_up_on_trex(const TrexJobSettings& settings, const std::string& what,
                     const trex::RetriesExhausted& exhausted) {
  const std::string unreachable =
      exhausted.unreachable_for()
          ? ", unreachable for " + trex::format_outage(*exhausted.unreachable_for())
          : "";
  const std::string reason =
      "cannot " + what + " TRex at " + settings.endpoint + " (" +
      std::to_string(exhausted.attempts()) + " attempts" + unreachable + ", trex-reconnect-grace " +
      measure::format_value(settings.reconnect_grace.count()) + " s): " + exhausted.last_error();
  if (settings.link) settings.link->failed(reason);
  throw measure::MeasurementError(reason);
}

measure::TrialOutcome run_recovering(trex::RecoveringSession& session,
                                     const TrexJobSettings& settings,
                                     const std::function<measure::TrialOutcome()>& trial,
                                     std::stop_token stop) {
  const std::uint64_t recoveries_before = session.recoveries();
  std::optional<measure::TrialOutcome> outcome;
  try {
    session.run_reconnecting([&] { outcome = trial(); }, link_retry_hooks(settings, "reconnect to"),
                             stop);
  } catch (const trex::RetriesExhausted& exhausted) {
    give_up_on_trex(settings, "reconnect to", exhausted);
  } catch (const trex::TrexError& error) {
    // One no reconnect can fix (the session let only those through).
    throw measure::MeasurementError(error.what());
  }
  if (settings.link) settings.link->contact(session.recoveries() - recoveries_before);
  return std::move(outcome.value());
}

}  // namespace trexsearch::service
