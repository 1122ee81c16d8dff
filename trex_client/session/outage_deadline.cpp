#include "trex_client/session/outage_deadline.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace trexsearch::trex {

OutageDeadline::OutageDeadline(RetryPolicy policy, const measure::Clock& clock,
                               RetryObserver observer)
    : policy_(policy),
      clock_(clock),
      observer_(std::move(observer)),
      backoff_(policy.reconnect_backoff) {
  policy_.validate();
}

void OutageDeadline::unanswered(measure::Seconds since, const std::string& cause) {
  if (!since_) cause_ = cause;
  if (cause_.empty()) cause_ = cause;
  since_ = since_ ? std::min(*since_, since) : since;
}

void OutageDeadline::reachable() {
  since_.reset();
  cause_.clear();
  backoff_ = policy_.reconnect_backoff;
  retries_ = 0;
}

measure::Seconds OutageDeadline::rpc_timeout() const {
  if (!since_) return policy_.rpc_timeout;
  return std::min(policy_.rpc_timeout, *since_ + policy_.reconnect_grace - clock_.now());
}

std::optional<measure::Seconds> OutageDeadline::next_wait() {
  if (!since_) return policy_.reconnect_backoff;
  const measure::Seconds left = *since_ + policy_.reconnect_grace - clock_.now();
  if (left < kShortestAttempt) return std::nullopt;
  const measure::Seconds wait = std::min(backoff_, left / 2.0);
  backoff_ = std::min(backoff_ * 2.0, policy_.reconnect_backoff_max);
  ++retries_;
  return wait;
}

RetryDecision OutageDeadline::decide(int attempt, measure::Seconds began,
                                     const std::string& error) {
  // No cause here: the channel already gave the unanswered request's, and an attempt
  // that met a restarted TRex or a garbled reply has none to give.
  unanswered(began);
  RetryDecision decision;
  decision.attempt = attempt;
  decision.began = began;
  decision.at = clock_.now();
  decision.error = error;
  decision.wait = next_wait();
  decision.outage_since = since_.value_or(began);
  if (observer_) observer_(decision);
  return decision;
}

std::string format_outage(measure::Seconds length) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", length.count());
  return text;
}

}  // namespace trexsearch::trex
