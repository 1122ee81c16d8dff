// The retry loops of every TRex session: the one place that waits between attempts
// to reach TRex, each wait decided by the session's OutageDeadline.
#include "trex_client/session/recovering_session.hpp"

#include <optional>
#include <random>

#include "measure/errors.hpp"
#include "trex_client/session/deadline_channel.hpp"

namespace trexsearch::trex {
namespace {

std::uint32_t random_session_id() {
  std::random_device device;
  std::uniform_int_distribution<std::uint32_t> pick(1, 0xFFFFFFFFu);
  return pick(device);
}

SessionConfig checked(SessionConfig config) {
  config.validate();
  // TRex asserts on session id 0 (trex-protocol.md §2.0).
  if (config.session_id == 0) config.session_id = random_session_id();
  return config;
}

std::unique_ptr<RpcChannel> checked_channel(std::unique_ptr<RpcChannel> channel) {
  if (!channel)
    throw measure::ConfigError("trex channel", "null", "a TRex session needs a channel");
  return channel;
}

}  // namespace

RecoveringSession::RecoveringSession(std::unique_ptr<RpcChannel> channel, SessionConfig config)
    : config_(checked(std::move(config))),
      // Real time since the session was made: the grace's clock unless one is injected.
      own_clock_(config_.retry_clock != nullptr ? nullptr : std::make_unique<SteadyWaitClock>()),
      retry_clock_(config_.retry_clock != nullptr ? *config_.retry_clock : *own_clock_),
      outage_(config_.retry_policy(), retry_clock_, config_.retry_observer),
      api_(std::make_unique<DeadlineChannel>(checked_channel(std::move(channel)), outage_),
           config_.rpc_timeout) {}

void RecoveringSession::log(const std::string& line) const {
  if (config_.log) config_.log(line);
}

bool RecoveringSession::is_recoverable(const TrexError& error) {
  switch (error.kind()) {
    case TrexErrorKind::transport:
    case TrexErrorKind::protocol:
      return true;
    case TrexErrorKind::rpc:
      return error.is_api_verification_failure() || error.is_ownership_lost();
  }
  return false;
}

void RecoveringSession::retry_until_done(const std::function<void()>& attempt,
                                         const RetryHooks& hooks, std::stop_token stop) {
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

void RecoveringSession::run_reconnecting(const std::function<void()>& operation,
                                         const RetryHooks& hooks, std::stop_token stop) {
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
