#pragma once

#include <cstddef>

#include "measure/units.hpp"

namespace trexsearch::service {

/// Limits of the control connections; owned by the control server and changed
/// only on the io thread (SIGHUP), which is where connections read them.
struct ConnectionSettings {
  /// Longest request line [bytes], newline excluded.
  std::size_t max_request_bytes = std::size_t{1} << 20;
  /// Close a connection with no request, no output read and no watch for this long.
  measure::Seconds idle_timeout{300.0};
  /// Output a connection may have waiting before the daemon stops reading its
  /// requests (until the client has read it) [bytes]. Replies and events already
  /// owed are still queued: one reply may be larger than this.
  std::size_t max_client_output_bytes = std::size_t{1} << 20;
  /// A connection whose requests are paused for unread output and that does not
  /// read it down within this long is closed.
  measure::Seconds output_timeout{30.0};
  /// Output buffered for all connections together [bytes]. Above half of it every
  /// connection with output waiting stops reading requests; above it the
  /// connection holding the most is closed. Bounds the daemon's memory whatever
  /// the clients do.
  std::size_t max_output_bytes = std::size_t{64} << 20;
};

}  // namespace trexsearch::service
