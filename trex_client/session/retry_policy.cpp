#include "trex_client/session/retry_policy.hpp"

#include <cmath>

#include "search/errors.hpp"

namespace trexsearch::trex {
namespace {

void check_positive(const char* field, Seconds value) {
  if (!std::isfinite(value.count()) || value.count() <= 0.0) {
    throw ConfigError(field, format_value(value.count()), "must be > 0 [s]");
  }
}

}  // namespace

void RetryPolicy::validate() const {
  check_positive("trex.rpc_timeout", rpc_timeout);
  if (!std::isfinite(reconnect_grace.count()) || reconnect_grace.count() < 0.0) {
    throw ConfigError("trex.reconnect_grace", format_value(reconnect_grace.count()),
                      "must be >= 0 [s]");
  }
  check_positive("trex.reconnect_backoff", reconnect_backoff);
  check_positive("trex.reconnect_backoff_max", reconnect_backoff_max);
  if (reconnect_backoff > reconnect_backoff_max) {
    throw ConfigError(
        "trex.reconnect_backoff", format_value(reconnect_backoff.count()),
        "must be <= reconnect_backoff_max " + format_value(reconnect_backoff_max.count()) + " [s]");
  }
}

}  // namespace trexsearch::trex
