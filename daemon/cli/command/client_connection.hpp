#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "daemon/protocol/control_line_client.hpp"
#include "daemon/protocol/envelope.hpp"
#include "daemon/protocol/request_codec.hpp"

namespace trexsearch::cli {

/// Where trex-searchd listens unless --socket or TREX_SEARCH_SOCKET says otherwise.
inline constexpr const char* kDefaultSocket = "/run/trex-search/control.sock";

/// The daemon answered with an error code; the message is its reply text. With --db
/// the fleet database takes the daemon's place (no such job: not_found), and
/// `refuser` names it in the message.
class DaemonRefused : public std::runtime_error {
 public:
  DaemonRefused(protocol::ResultCode code, const std::string& text,
                std::string refuser = "trex-searchd")
      : std::runtime_error(text), code_(code), refuser_(std::move(refuser)) {}
  protocol::ResultCode code() const noexcept { return code_; }
  /// "trex-searchd", or the fleet database with its server.
  const std::string& refuser() const noexcept { return refuser_; }

 private:
  protocol::ResultCode code_;
  std::string refuser_;
};

/// One connection to trex-searchd's control socket for a CLI command: the shared
/// line client (protocol::ControlLineClient) with the command's reply deadline, and
/// error replies as DaemonRefused.
class ControlConnection {
 public:
  /// Connects; throws std::runtime_error naming the socket and what to check.
  ControlConnection(const std::string& socket_path, std::chrono::milliseconds reply_timeout);

  /// Sends one request and returns its reply; throws DaemonRefused for error replies
  /// and std::runtime_error when the daemon does not answer in time.
  protocol::Response exchange(const std::string& command, const protocol::Document& arguments);
  /// Like exchange(), but returns error replies instead of throwing.
  protocol::Response try_exchange(const std::string& command, const protocol::Document& arguments);
  /// A typed request (daemon/protocol/requests.hpp): as exchange() / try_exchange().
  template <class R>
  protocol::Response send(const R& typed) {
    return exchange(std::string(R::kCommand), protocol::encode_arguments(typed));
  }
  template <class R>
  protocol::Response try_send(const R& typed) {
    return try_exchange(std::string(R::kCommand), protocol::encode_arguments(typed));
  }

  /// The next streamed event line (`watch`), waiting as long as it takes; nullopt
  /// when the daemon closes the connection.
  std::optional<protocol::Event> next_event();

 private:
  protocol::ControlLineClient client_;
  std::chrono::milliseconds reply_timeout_;
};

/// The socket to use: `option` when given, else $TREX_SEARCH_SOCKET, else the default.
std::string socket_path(const std::optional<std::string>& option);

}  // namespace trexsearch::cli
