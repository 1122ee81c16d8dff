#pragma once

#include <optional>
#include <string>

#include "measure/clock.hpp"
#include "measure/units.hpp"
#include "trex_client/session/retry_decision.hpp"
#include "trex_client/session/retry_policy.hpp"

namespace trexsearch::trex {

/// The one place that decides, on an injected clock, whether to ask TRex again and
/// how long a request or a wait may take (docs/reliability.md "Retries and
/// deadlines"). An outage begins at the start of the first request TRex did not
/// answer; its deadline is that start + reconnect_grace. Within an outage no request
/// waits past the deadline (each gets min(rpc_timeout, time left)) and no retry
/// starts after it. Every wait between reconnect attempts is one of its decide()s,
/// made for the session's retry loop (TrexSession::retry_until_done).
///
/// Other repeats are other concerns and stay where they are: the transport rebuilds
/// its socket after a timeout but never resends; TrexApi sends a request TRex
/// answered "Try again later" again (a protocol rule, per request, TRex up);
/// TrexMeasurer sets a trial up again after the session's one recover() and
/// RepeatingMeasurer measures an interrupted trial again, both bounded by counts
/// and never waiting. Not thread-safe: one per session, used by its thread.
class OutageDeadline {
 public:
  /// `clock` must outlive this object; `observer` (may be empty) is told of every
  /// decide(). Throws ConfigError for an invalid policy.
  OutageDeadline(RetryPolicy policy, const measure::Clock& clock, RetryObserver observer = {});

  const RetryPolicy& policy() const { return policy_; }
  measure::Seconds now() const { return clock_.now(); }

  /// A request begun at `since` got no answer (or TRex could not be used since
  /// then): an outage is on since `since`, or since an earlier start if one is on.
  /// `cause` says why (kept from the first failure of the outage).
  void unanswered(measure::Seconds since, const std::string& cause = {});
  /// TRex answered and the session is usable again: the outage (if any) is over.
  void reachable();

  /// When the current outage began; nullopt while TRex is believed up.
  std::optional<measure::Seconds> since() const { return since_; }
  /// The first failure of the current outage, as told to unanswered().
  const std::string& cause() const { return cause_; }
  /// How long the next request may wait for its reply: rpc_timeout while TRex is
  /// believed up, else min(rpc_timeout, time left); <= 0 once the deadline passed
  /// (then none may start).
  measure::Seconds rpc_timeout() const;
  /// Whether to try again, and how long to wait first: the backoff (doubling from
  /// reconnect_backoff to reconnect_backoff_max), cut to half the time left so the
  /// attempt has the other half; nullopt when less than kShortestAttempt is left.
  /// Outside an outage, the first backoff.
  std::optional<measure::Seconds> next_wait();
  /// Retries granted in the current outage.
  int retries() const { return retries_; }

  /// Attempt `attempt` of a retry loop begun at `began` failed with `error`, for want
  /// of an answer: TRex has not been usable since `began` (unanswered(began)), and
  /// next_wait() says whether and how long to wait before the next attempt. Tells the
  /// observer, then returns the decision.
  RetryDecision decide(int attempt, measure::Seconds began, const std::string& error);

  /// Less time left than this is not worth another attempt.
  static constexpr measure::Seconds kShortestAttempt{0.01};

 private:
  RetryPolicy policy_;
  const measure::Clock& clock_;
  RetryObserver observer_;
  std::optional<measure::Seconds> since_;
  std::string cause_;
  measure::Seconds backoff_;
  int retries_ = 0;
};

/// "3.001 s": how long TRex has been unreachable, to the millisecond, for messages.
std::string format_outage(measure::Seconds length);

}  // namespace trexsearch::trex
