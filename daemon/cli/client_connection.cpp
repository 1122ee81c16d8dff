#include "daemon/cli/client_connection.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"

namespace trexsearch::cli {

ControlConnection::ControlConnection(const std::string& socket_path,
                                     std::chrono::milliseconds reply_timeout)
    : socket_path_(socket_path), reply_timeout_(reply_timeout) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (socket_path.empty() || socket_path.size() >= sizeof address.sun_path) {
    throw std::runtime_error("socket path '" + socket_path + "' is empty or too long");
  }
  std::memcpy(address.sun_path, socket_path.c_str(), socket_path.size() + 1);
  fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0 || ::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int error = errno;
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    std::string hint = " (is trex-searchd running? see --socket)";
    if (error == EACCES) hint = " (connecting needs write access: are you in its control group?)";
    throw std::runtime_error("cannot connect to " + socket_path + ": " + std::strerror(error) +
                             hint);
  }
}

ControlConnection::~ControlConnection() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> ControlConnection::read_line(
    std::optional<std::chrono::milliseconds> timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout.value_or(std::chrono::hours(0));
  while (true) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    int wait_ms = -1;
    if (timeout) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      wait_ms = static_cast<int>(std::max<std::chrono::milliseconds::rep>(left.count(), 0));
    }
    pollfd readable{fd_, POLLIN, 0};
    const int ready = ::poll(&readable, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      throw std::runtime_error("trex-searchd at " + socket_path_ + " did not answer within " +
                               std::to_string(timeout->count()) + " ms");
    }
    char chunk[65536];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

service::Response ControlConnection::try_request(const std::string& command,
                                                 const Json::Value& arguments) {
  Json::Value json(Json::objectValue);
  const int id = next_id_++;
  json["id"] = id;
  json["command"] = command;
  json["arguments"] = arguments;
  const std::string line = codec::to_compact_json(json) + "\n";
  std::size_t sent = 0;
  while (sent < line.size()) {
    const ssize_t n = ::send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("trex-searchd closed the connection");
    sent += static_cast<std::size_t>(n);
  }
  while (true) {
    const auto reply = read_line(reply_timeout_);
    if (!reply) throw std::runtime_error("trex-searchd closed the connection before replying");
    const Json::Value parsed = codec::parse_strict_json(*reply, "trex-searchd reply");
    if (parsed.isMember("event")) continue;  // a stream of an earlier watch
    return service::parse_response(*reply);
  }
}

service::Response ControlConnection::request(const std::string& command,
                                             const Json::Value& arguments) {
  service::Response response = try_request(command, arguments);
  if (response.result != service::ResultCode::success) {
    throw DaemonRefused(response.result, response.text);
  }
  return response;
}

std::optional<Json::Value> ControlConnection::next_event() {
  while (true) {
    const auto line = read_line(std::nullopt);
    if (!line) return std::nullopt;
    Json::Value parsed = codec::parse_strict_json(*line, "trex-searchd event");
    if (parsed.isMember("event")) return parsed;
  }
}

std::string socket_path(const std::optional<std::string>& option) {
  if (option) return *option;
  if (const char* env = std::getenv("TREX_SEARCH_SOCKET"); env != nullptr && *env != '\0') {
    return env;
  }
  return kDefaultSocket;
}

}  // namespace trexsearch::cli
