#pragma once

#include <exception>
#include <functional>
#include <stop_token>

#include "measure/units.hpp"

namespace trexsearch::service {

/// Whether a job-store failure may pass by itself: the file busy or locked by
/// another process (an `sqlite3` shell), a read-only remount, an I/O error. A full
/// disk, a corrupt file or a constraint violation do not pass by waiting.
bool is_transient_store_error(const std::exception& error);

/// Backoff between attempts: `first`, doubling up to `max`.
struct RetryBackoff {
  measure::Seconds first{0.1};
  measure::Seconds max{10.0};
};

/// Runs `operation` until it succeeds. Transient store errors are retried after a
/// backoff, each reported through `on_retry(error, attempt, wait)` first; any other
/// error propagates. Returns false when `stop` was requested before it succeeded
/// (the wait wakes at once). Never gives up on its own: a soak waits out a lock,
/// and cancel or SIGTERM end the wait.
bool retry_transient(
    const std::function<void()>& operation, std::stop_token stop,
    const std::function<void(const std::exception&, int, measure::Seconds)>& on_retry,
    RetryBackoff backoff = {});

}  // namespace trexsearch::service
