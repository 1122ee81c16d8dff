#include "trex_client/session/session_config.hpp"

#include <cmath>
#include <set>

#include "measure/errors.hpp"

namespace trexsearch::trex {

void SessionConfig::validate() const {
  if (user.empty()) throw measure::ConfigError("trex.user", "\"\"", "must not be empty");
  if (ports.empty()) throw measure::ConfigError("trex.ports", "[]", "needs at least one port");
  std::set<std::uint8_t> seen;
  for (std::uint8_t port : ports) {
    if (!seen.insert(port).second) {
      throw measure::ConfigError("trex.ports", std::to_string(port), "port listed twice");
    }
  }
  if (!std::isfinite(rpc_timeout.count()) || rpc_timeout.count() <= 0.0) {
    throw measure::ConfigError("trex.rpc_timeout", measure::format_value(rpc_timeout.count()),
                               "must be > 0 [s]");
  }
  retry_policy().validate();
}

RetryPolicy SessionConfig::retry_policy() const {
  return RetryPolicy{rpc_timeout, reconnect_grace, reconnect_backoff, reconnect_backoff_max};
}

}  // namespace trexsearch::trex
