#pragma once

#include "measure/units.hpp"

namespace trexsearch::trex {

/// How long a TRex that does not answer is waited for, and how often it is asked
/// again (docs/reliability.md "Retries and deadlines"). One value for every layer:
/// the transport's per-RPC timeout, the session's recovery and its reconnect loop
/// all read it through an OutageDeadline.
struct RetryPolicy {
  /// Longest wait for one reply while TRex is believed up.
  measure::Seconds rpc_timeout{3.0};
  /// How long TRex may stay unreachable, from the start of the first request it did
  /// not answer, before giving up (the job's `reconnect_grace`). 0: no retry.
  measure::Seconds reconnect_grace{60.0};
  /// First wait between attempts; doubles up to reconnect_backoff_max.
  measure::Seconds reconnect_backoff{0.05};
  measure::Seconds reconnect_backoff_max{2.0};

  /// Throws ConfigError naming the field: rpc_timeout and backoffs must be > 0 and
  /// finite, the grace >= 0 and finite, backoff <= backoff_max.
  void validate() const;
};

}  // namespace trexsearch::trex
