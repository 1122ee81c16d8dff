#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace trexsearch::servicetest {

/// A hostile client of the control socket: sends requests and never reads a
/// reply. Its socket is non-blocking, so it never waits for the daemon either.
class NonReadingClient {
 public:
  /// Connects; throws std::runtime_error when it cannot.
  explicit NonReadingClient(const std::string& socket_path);
  ~NonReadingClient();
  NonReadingClient(const NonReadingClient&) = delete;
  NonReadingClient& operator=(const NonReadingClient&) = delete;

  /// Sends `line` (newline included) up to `count` times, as far as the socket
  /// takes it without blocking; returns how many bytes went out.
  std::size_t send_repeatedly(const std::string& line, std::size_t count);
  /// Waits until the daemon closes the connection, still without reading (so it is
  /// not the client's reading that lets the daemon go on); false at the deadline.
  bool wait_hangup(std::chrono::milliseconds timeout);

 private:
  int fd_ = -1;
};

}  // namespace trexsearch::servicetest
