#pragma once

#include <string>
#include <string_view>

#include "measure/units.hpp"

namespace trexsearch::trex {

/// The seam below the typed API: one request message out, one reply message in.
/// Implementations frame/compress on the way out and hand back plain JSON text.
/// Not thread-safe: one owner per channel (and per ZMQ socket below it).
class RpcChannel {
 public:
  virtual ~RpcChannel() = default;

  /// Sends `request_json` and waits at most `timeout` for the reply, returned as JSON
  /// text. `method` names the call for error messages. Throws TrexError (transport on
  /// timeout or socket failure, protocol for an undecodable reply or an oversized
  /// request); after a failure the channel is usable again for the next call.
  virtual std::string exchange(std::string_view request_json, std::string_view method,
                               measure::Seconds timeout) = 0;

  /// The server address, for error messages and logs.
  virtual const std::string& endpoint() const = 0;
};

}  // namespace trexsearch::trex
