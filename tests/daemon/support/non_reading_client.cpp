#include "tests/daemon/support/non_reading_client.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace trexsearch::servicetest {

NonReadingClient::NonReadingClient(const std::string& socket_path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (socket_path.size() >= sizeof address.sun_path) throw std::runtime_error("path too long");
  std::memcpy(address.sun_path, socket_path.c_str(), socket_path.size() + 1);
  fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0 || ::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const std::string reason = std::strerror(errno);
    if (fd_ >= 0) ::close(fd_);
    throw std::runtime_error("cannot connect to " + socket_path + ": " + reason);
  }
  ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
}

NonReadingClient::~NonReadingClient() { ::close(fd_); }

std::size_t NonReadingClient::send_repeatedly(const std::string& line, std::size_t count) {
  std::string batch;
  for (std::size_t i = 0; i < count; ++i) batch += line;
  std::size_t sent = 0;
  while (sent < batch.size()) {
    const ssize_t n = ::send(fd_, batch.data() + sent, batch.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EAGAIN: the daemon stopped reading us; or it closed
    sent += static_cast<std::size_t>(n);
  }
  return sent;
}

bool NonReadingClient::wait_hangup(std::chrono::milliseconds timeout) {
  pollfd hangup{fd_, POLLRDHUP, 0};
  int ready = 0;
  do {
    ready = ::poll(&hangup, 1, static_cast<int>(timeout.count()));
  } while (ready < 0 && errno == EINTR);
  return ready > 0 && (hangup.revents & (POLLRDHUP | POLLHUP)) != 0;
}

}  // namespace trexsearch::servicetest
