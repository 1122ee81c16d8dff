#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>

#include "trex_client/api/trex_api.hpp"
#include "trex_client/session/outage_deadline.hpp"
#include "trex_client/session/retries_exhausted.hpp"
#include "trex_client/session/retry_decision.hpp"
#include "trex_client/session/session_config.hpp"
#include "trex_client/session/wait_clock.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {

/// What the caller of a retry loop does around its waits.
struct RetryHooks {
  /// Told of each decision to wait, before the wait begins (the daemon updates its
  /// link state and logs the retry); a stop requested here ends the wait at once.
  std::function<void(const RetryDecision&)> before_wait;
};

/// What a TRex session of either mode (stateless TrexSession, stateful AstfSession)
/// shares: the API over a channel whose every RPC goes through the session's
/// OutageDeadline (deadline_channel.hpp), and the one retry policy that decides each
/// wait between attempts to reach TRex again. A mode says how to recover (re-sync,
/// re-acquire, re-load what it loaded). Not thread-safe: one owner.
class RecoveringSession {
 public:
  virtual ~RecoveringSession() = default;

  RecoveringSession(const RecoveringSession&) = delete;
  RecoveringSession& operator=(const RecoveringSession&) = delete;

  /// The typed API, with this session's api handle.
  TrexApi& api() { return api_; }
  const SessionConfig& config() const { return config_; }
  std::uint32_t session_id() const { return config_.session_id; }

  /// True for failures recover() can repair: TRex restarted (api handle rejected),
  /// port or context ownership lost, a timeout, a broken exchange or an undecodable
  /// reply.
  static bool is_recoverable(const TrexError& error);
  /// One attempt to reach TRex again and restore what the session had loaded,
  /// ending the outage when it succeeds. Throws TrexError when TRex cannot be
  /// reached (at once once the outage's deadline has passed) or refuses.
  virtual void recover(const TrexError& cause) = 0;
  /// TRex's outage and its deadline: what the retry loops below ask.
  OutageDeadline& outage() { return outage_; }
  /// Runs `attempt` until it returns. After a failure recover() could repair (TRex
  /// did not answer, restarted, ...) asks outage().decide() and waits what it says
  /// on the retry clock, telling `hooks` first. Throws RetriesExhausted when the
  /// policy gives up or a TrexError no retry can fix ends an attempt,
  /// MeasurementCancelled when `stop` ends a wait; anything else passes through.
  void retry_until_done(const std::function<void()>& attempt, const RetryHooks& hooks,
                        std::stop_token stop);
  /// Runs `operation` (a trial) until it returns. When it loses TRex (a recoverable
  /// TrexError left it: the measurer's own recover() failed too), recovers through
  /// retry_until_done() and runs it again from the start. A TrexError no recovery
  /// can fix passes through, as do RetriesExhausted and MeasurementCancelled.
  void run_reconnecting(const std::function<void()>& operation, const RetryHooks& hooks,
                        std::stop_token stop);
  /// Number of successful recoveries so far.
  std::uint64_t recoveries() const { return recoveries_; }

 protected:
  /// Throws ConfigError for an invalid configuration. Does not talk to TRex yet.
  RecoveringSession(std::unique_ptr<RpcChannel> channel, SessionConfig config);

  void log(const std::string& line) const;

  SessionConfig config_;
  /// The steady clock when the config names none.
  std::unique_ptr<WaitClock> own_clock_;
  /// The clock of the grace and of the waits between attempts.
  WaitClock& retry_clock_;
  OutageDeadline outage_;
  TrexApi api_;
  std::uint64_t recoveries_ = 0;
};

}  // namespace trexsearch::trex
