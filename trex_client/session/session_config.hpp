#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "search/units.hpp"
#include "trex_client/api/system_info.hpp"

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
  /// Per-call deadline of every RPC.
  Seconds rpc_timeout{3.0};
  /// Receives one line per notable session event ("trex_reconnect ..."), for logs.
  std::function<void(std::string_view)> log;

  /// Throws ConfigError naming the field: no ports, duplicate ports, empty user,
  /// non-positive timeout.
  void validate() const;
};

}  // namespace trexsearch::trex
