#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "measure/clock.hpp"
#include "measure/units.hpp"
#include "trex_client/api/system_info.hpp"
#include "trex_client/session/retry_decision.hpp"
#include "trex_client/session/retry_policy.hpp"
#include "trex_client/session/wait_clock.hpp"

namespace trexsearch::trex {

/// Who the session is and which ports it owns.
struct SessionConfig {
  /// Shown as the ports' owner by TRex.
  std::string user = "trex-search";
  /// Non-zero id of this client; 0 picks a random non-zero one.
  std::uint32_t session_id = 0;
  /// The ports to acquire (every port of the traffic profile).
  std::vector<std::uint8_t> ports;
  /// Take ports held by someone else (TRex's acquire force). Without it, a port held
  /// by another user is a clear error naming that user.
  bool force_acquire = false;
  ApiVersion api;
  /// Per-call deadline of every RPC (while TRex is believed up).
  measure::Seconds rpc_timeout{3.0};
  /// How long TRex may stay unreachable (from the start of the first request it did
  /// not answer) before recovery gives up, and the waits between attempts
  /// (OutageDeadline).
  measure::Seconds reconnect_grace{60.0};
  measure::Seconds reconnect_backoff{0.05};
  measure::Seconds reconnect_backoff_max{2.0};
  /// The clock of the grace and of the waits between reconnect attempts (real
  /// time); null: the steady clock. Must outlive the session.
  WaitClock* retry_clock = nullptr;
  /// Test seam: told of every decision of the retry policy (OutageDeadline::decide).
  RetryObserver retry_observer;
  /// Receives one line per notable session event ("trex_reconnect ..."), for logs.
  std::function<void(std::string_view)> log;

  /// Throws ConfigError naming the field: no ports, duplicate ports, empty user,
  /// non-positive timeout, an invalid retry policy.
  void validate() const;
  /// rpc_timeout, reconnect_grace and the backoffs as one policy.
  RetryPolicy retry_policy() const;
};

}  // namespace trexsearch::trex
