#include "daemon/protocol/control_line_client.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "daemon/protocol/envelope_codec.hpp"

namespace trexsearch::protocol {
namespace {

using Clock = std::chrono::steady_clock;

// poll()'s timeout for what is left until `deadline`; -1 (for ever) without one.
int wait_ms(const std::optional<Clock::time_point>& deadline) {
  if (!deadline) return -1;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
  return static_cast<int>(std::max<std::chrono::milliseconds::rep>(left.count(), 0));
}

std::optional<Clock::time_point> deadline_of(std::optional<std::chrono::milliseconds> timeout) {
  if (!timeout) return std::nullopt;
  return Clock::now() + *timeout;
}

}  // namespace

ControlLineClient::ControlLineClient(const std::string& socket_path) : socket_path_(socket_path) {
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

ControlLineClient::~ControlLineClient() {
  if (fd_ >= 0) ::close(fd_);
}

bool ControlLineClient::send_raw(std::string_view bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> ControlLineClient::read_line(std::optional<milliseconds> timeout) {
  const auto deadline = deadline_of(timeout);
  while (true) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    pollfd readable{fd_, POLLIN, 0};
    const int ready = ::poll(&readable, 1, wait_ms(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      throw ControlTimeout("trex-searchd at " + socket_path_ + " did not answer within " +
                           std::to_string(timeout->count()) + " ms");
    }
    char chunk[65536];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

Response ControlLineClient::exchange(const std::string& command, const Document& arguments,
                                     milliseconds timeout, std::optional<int> id) {
  return parse_response(exchange_line(command, arguments, timeout, id));
}

std::string ControlLineClient::exchange_line(const std::string& command, const Document& arguments,
                                             milliseconds timeout, std::optional<int> id) {
  const Request line{std::int64_t{id.value_or(next_id_++)}, command, arguments};
  if (!send_raw(encode_request(line))) {
    throw std::runtime_error("trex-searchd closed the connection");
  }
  const auto deadline = Clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
    auto reply = read_line(std::max(left, milliseconds(0)));
    if (!reply) throw std::runtime_error("trex-searchd closed the connection before replying");
    if (parse_event(*reply)) continue;  // a stream of an earlier watch
    return std::move(*reply);
  }
}

std::optional<Event> ControlLineClient::next_event(std::optional<milliseconds> timeout) {
  const auto deadline = deadline_of(timeout);
  while (true) {
    std::optional<milliseconds> left;
    if (deadline) {
      left = std::max(std::chrono::duration_cast<milliseconds>(*deadline - Clock::now()),
                      milliseconds(0));
    }
    const auto line = read_line(left);
    if (!line) return std::nullopt;
    if (auto event = parse_event(*line)) return event;
  }
}

bool ControlLineClient::wait_closed(milliseconds timeout) {
  const auto deadline = deadline_of(timeout);
  while (true) {
    pollfd readable{fd_, POLLIN, 0};
    const int ready = ::poll(&readable, 1, wait_ms(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    char chunk[4096];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
  }
}

}  // namespace trexsearch::protocol
