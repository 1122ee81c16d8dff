#include "trex_client/session/retry_policy.hpp"

#include <cmath>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

void check_positive(const char* field, measure::Seconds value) {
  if (!std::isfinite(value.count()) || value.count() <= 0.0) {
    throw measure::ConfigError(field, measure::format_value(value.count()), "must be > 0 [s]");
  }
}

}  // namespace

void RetryPolicy::validate() const {
  check_positive("trex.rpc_timeout", rpc_timeout);
  if (!std::isfinite(reconnect_grace.count()) || reconnect_grace.count() < 0.0) {
    throw measure::ConfigError("trex.reconnect_grace",
                               measure::format_value(reconnect_grace.count()), "must be >= 0 [s]");
  }
  check_positive("trex.reconnect_backoff", reconnect_backoff);
  check_positive("trex.reconnect_backoff_max", reconnect_backoff_max);
  if (reconnect_backoff > reconnect_backoff_max) {
    throw measure::ConfigError("trex.reconnect_backoff",
                               measure::format_value(reconnect_backoff.count()),
                               "must be <= reconnect_backoff_max " +
                                   measure::format_value(reconnect_backoff_max.count()) + " [s]");
  }
}

}  // namespace trexsearch::trex
