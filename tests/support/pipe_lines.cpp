#include "tests/support/pipe_lines.hpp"

#include <poll.h>
#include <unistd.h>

namespace trexsearch::testing {

std::string read_pipe_line(int fd, std::string& buffer, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const std::size_t newline = buffer.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer.substr(0, newline);
      buffer.erase(0, newline + 1);
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return "(timeout)";
    pollfd item{fd, POLLIN, 0};
    if (poll(&item, 1, static_cast<int>(left.count())) <= 0) continue;
    char chunk[256];
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n <= 0) return "(eof)";
    buffer.append(chunk, static_cast<std::size_t>(n));
  }
}

}  // namespace trexsearch::testing
