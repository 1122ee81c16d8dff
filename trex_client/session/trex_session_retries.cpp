// TrexSession's retry loops: the one place that waits between attempts to reach
// TRex, each wait decided by the session's OutageDeadline.
#include <optional>

#include "measure/errors.hpp"
#include "trex_client/session/trex_session.hpp"

namespace trexsearch::trex {

void TrexSession::retry_until_done(const std::function<void()>& attempt, const RetryHooks& hooks,
                                   std::stop_token stop) {
  // TRex has not been usable since this loop began at the latest; an attempt that
  // gets half-way (connects, then times out) must not move the deadline on.
  const measure::Seconds began = outage_.now();
  for (int attempts = 1;; ++attempts) {
    try {
      attempt();
      return;
    } catch (const TrexError& error) {
      // TRex answered and refused (a port someone else holds, ...): asking again
      // would get the same answer.
      if (!is_recoverable(error)) throw RetriesExhausted(attempts, std::nullopt, error.what());
      const RetryDecision decision = outage_.decide(attempts, began, error.what());
      if (!decision.wait) {
        throw RetriesExhausted(attempts, decision.at - decision.outage_since, error.what());
      }
      if (hooks.before_wait) hooks.before_wait(decision);
      if (!retry_clock_.sleep_until(retry_clock_.now() + *decision.wait, stop)) {
        throw measure::MeasurementCancelled();
      }
    }
  }
}

void TrexSession::run_reconnecting(const std::function<void()>& operation, const RetryHooks& hooks,
                                   std::stop_token stop) {
  for (;;) {
    try {
      operation();
      return;
    } catch (const TrexError& error) {
      if (!is_recoverable(error)) throw;
      // TRex went away and the measurer's own recovery failed: keep trying to
      // recover within the grace period, then run the operation again (a trial's
      // counts were lost with the connection).
      retry_until_done([&] { recover(error); }, hooks, stop);
    }
  }
}

}  // namespace trexsearch::trex
