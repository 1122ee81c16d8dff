#pragma once

#include <cstddef>

#include "search/units.hpp"

namespace trexsearch::service {

/// Limits of one control connection; owned by the control server and changed
/// only on the io thread (SIGHUP), which is where connections read them.
struct ConnectionSettings {
  /// Longest request line [bytes], newline excluded.
  std::size_t max_request_bytes = std::size_t{1} << 20;
  /// Close a connection with no request and no watch for this long.
  Seconds idle_timeout{300.0};
  /// A client that lets this much output pile up (not reading a `watch` or a big
  /// `result`) is disconnected rather than holding daemon memory [bytes].
  std::size_t max_pending_output_bytes = std::size_t{64} << 20;
};

}  // namespace trexsearch::service
