#pragma once

#include <functional>
#include <optional>
#include <string>

#include "measure/units.hpp"

namespace trexsearch::trex {

/// One decision of the session's retry policy (OutageDeadline::decide): an attempt
/// to reach TRex failed for want of an answer; TRex is asked again after `wait`, or
/// never. Times are on the session's retry clock.
struct RetryDecision {
  /// The failed attempt of its retry loop, from 1.
  int attempt = 1;
  /// When the retry loop began (its first attempt) [s].
  measure::Seconds began{0.0};
  /// When the attempt failed and this was decided [s].
  measure::Seconds at{0.0};
  /// Why the attempt failed (the TrexError's text).
  std::string error;
  /// How long to wait before the next attempt [s]; nullopt: give up.
  std::optional<measure::Seconds> wait;
  /// When the outage began: the start of the first request TRex did not answer [s].
  measure::Seconds outage_since{0.0};
};

/// Told of every decision as it is made (a test seam: SessionConfig::retry_observer).
using RetryObserver = std::function<void(const RetryDecision&)>;

}  // namespace trexsearch::trex
