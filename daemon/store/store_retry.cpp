#include "daemon/store/store_retry.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "daemon/store/sqlite.hpp"

namespace trexsearch::service {

bool is_transient_store_error(const std::exception& error) {
  const auto* sqlite = dynamic_cast<const SqliteError*>(&error);
  if (sqlite == nullptr) return false;
  // Extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT, ...) keep the primary
  // code in their low byte.
  switch (sqlite->code() & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_READONLY:
    case SQLITE_IOERR:
    case SQLITE_PROTOCOL:
      return true;
    default:
      return false;
  }
}

bool retry_transient(
    const std::function<void()>& operation, std::stop_token stop,
    const std::function<void(const std::exception&, int, measure::Seconds)>& on_retry,
    RetryBackoff backoff) {
  measure::Seconds wait = backoff.first;
  for (int attempt = 1;; ++attempt) {
    if (stop.stop_requested()) return false;
    try {
      operation();
      return true;
    } catch (const std::exception& error) {
      if (!is_transient_store_error(error)) throw;
      on_retry(error, attempt, wait);
    }
    std::mutex mutex;
    std::condition_variable_any woken;
    std::unique_lock lock(mutex);
    woken.wait_for(lock, stop,
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(wait),
                   [] { return false; });
    wait = std::min(wait * 2.0, backoff.max);
  }
}

}  // namespace trexsearch::service
