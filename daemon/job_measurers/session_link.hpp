#pragma once

#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "daemon/job_measurers/trex_job_measurer.hpp"
#include "measure/trial_result.hpp"
#include "trex_client/session/recovering_session.hpp"

namespace trexsearch::service {

// How a job's TRex session (stateless or stateful) keeps the daemon told while it
// retries: the link's state for `status`, `trex_retry` log lines, and the one reason
// a job fails with when the session gives up.

/// The session settings of a job's TRex session (stateless or stateful) owning `ports`.
trex::SessionConfig job_session_config(const TrexJobSettings& settings,
                                       std::vector<std::uint8_t> ports);

/// Before each wait of the session's retries: the link's state and a `trex_retry`
/// log line; `what` is "connect to" or "reconnect to". `settings` must outlive it.
trex::RetryHooks link_retry_hooks(const TrexJobSettings& settings, const std::string& what);

/// The session's retries gave up: tells the link and throws MeasurementError
/// ("cannot {what} TRex at E (N attempts, ...): cause").
[[noreturn]] void give_up_on_trex(const TrexJobSettings& settings, const std::string& what,
                                  const trex::RetriesExhausted& exhausted);

/// Runs one trial through the session, which recovers and runs it again when TRex
/// went away during it; tells the link of the contact. A TrexError no reconnect can
/// fix becomes MeasurementError.
measure::TrialOutcome run_recovering(trex::RecoveringSession& session,
                                     const TrexJobSettings& settings,
                                     const std::function<measure::TrialOutcome()>& trial,
                                     std::stop_token stop);

}  // namespace trexsearch::service
