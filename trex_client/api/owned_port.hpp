#pragma once

#include <cstdint>
#include <string>

namespace trexsearch::trex {

/// A port this client acquired, with the handler `acquire` returned; owned commands
/// (add_stream, start_traffic, ...) need both (trex-protocol.md §2.0).
struct OwnedPort {
  std::uint8_t port_id = 0;
  std::string handler;
};

/// Parameters of `acquire`.
struct AcquireRequest {
  std::uint8_t port_id = 0;
  std::string user;
  /// Must be non-zero: TRex asserts on 0 (trex-protocol.md §2.0).
  std::uint32_t session_id = 0;
  /// Take the port even when another user or session holds it.
  bool force = false;
};

}  // namespace trexsearch::trex
