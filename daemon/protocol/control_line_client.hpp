#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "daemon/protocol/envelope.hpp"
#include "daemon/protocol/request_codec.hpp"

namespace trexsearch::protocol {

/// The daemon did not answer within the wait a call was given.
class ControlTimeout : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One blocking connection to trex-searchd's control socket, speaking its
/// newline-delimited JSON (docs/socket-api.md): the one line client that the CLI,
/// the tests and the benches share. Every wait has a bound (or waits for EOF when
/// told to wait for ever: a `watch` stream); nothing here retries.
class ControlLineClient {
 public:
  using milliseconds = std::chrono::milliseconds;

  /// Connects; throws std::runtime_error naming the socket, the error and what to
  /// check (is the daemon running; write access to the socket).
  explicit ControlLineClient(const std::string& socket_path);
  ~ControlLineClient();
  ControlLineClient(const ControlLineClient&) = delete;
  ControlLineClient& operator=(const ControlLineClient&) = delete;

  const std::string& socket_path() const { return socket_path_; }

  /// Writes bytes as they are; false when the daemon closed the connection.
  bool send_raw(std::string_view bytes);
  /// The next line without its newline; nullopt at EOF. Throws ControlTimeout
  /// when nothing came within `timeout` (absent: wait for ever).
  std::optional<std::string> read_line(std::optional<milliseconds> timeout);

  /// Sends `{"id", "command", "arguments"}` and reads up to its reply, passing over
  /// event lines of an earlier `watch`; id absent: 1, 2, 3, ... per connection.
  /// Throws std::runtime_error when the daemon closes first, ControlTimeout after
  /// `timeout`. Error replies are returned, not thrown.
  Response exchange(const std::string& command, const Document& arguments, milliseconds timeout,
                    std::optional<int> id = std::nullopt);
  /// The same, the reply line as it came (for tests of the wire itself).
  std::string exchange_line(const std::string& command, const Document& arguments,
                            milliseconds timeout, std::optional<int> id = std::nullopt);
  /// The next event, passing over other lines; nullopt at EOF; ControlTimeout
  /// after `timeout` (absent: for ever).
  std::optional<Event> next_event(std::optional<milliseconds> timeout);
  /// True when the daemon closes the connection within `timeout` (what it sends
  /// meanwhile is read and dropped).
  bool wait_closed(milliseconds timeout);

 private:
  std::string socket_path_;
  int fd_ = -1;
  std::string buffer_;
  int next_id_ = 1;
};

}  // namespace trexsearch::protocol
