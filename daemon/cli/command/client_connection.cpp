#include "daemon/cli/command/client_connection.hpp"

#include <cstdlib>

namespace trexsearch::cli {

ControlConnection::ControlConnection(const std::string& socket_path,
                                     std::chrono::milliseconds reply_timeout)
    : client_(socket_path), reply_timeout_(reply_timeout) {}

protocol::Response ControlConnection::try_exchange(const std::string& command,
                                                   const protocol::Document& arguments) {
  return client_.exchange(command, arguments, reply_timeout_);
}

protocol::Response ControlConnection::exchange(const std::string& command,
                                               const protocol::Document& arguments) {
  protocol::Response response = try_exchange(command, arguments);
  if (!response.ok()) throw DaemonRefused(response.result, response.text);
  return response;
}

std::optional<protocol::Event> ControlConnection::next_event() {
  return client_.next_event(std::nullopt);
}

std::string socket_path(const std::optional<std::string>& option) {
  if (option) return *option;
  if (const char* env = std::getenv("TREX_SEARCH_SOCKET"); env != nullptr && *env != '\0') {
    return env;
  }
  return kDefaultSocket;
}

}  // namespace trexsearch::cli
