#include "daemon/cli/input/profile_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>

#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {
namespace {

std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string read_profile_file(const std::string& path, std::size_t max_bytes) {
  return read_regular_file(path, "traffic profile", "profile", max_bytes);
}

std::string read_regular_file(const std::string& path, const std::string& kind,
                              const std::string& noun, std::size_t max_bytes) {
  const std::string what = kind + " " + path;
  // O_NONBLOCK: opening a FIFO without a writer must not hang; the type is
  // checked on the opened file, so it cannot be swapped after the check.
  Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) throw BadInputError("cannot open " + what + ": " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    throw BadInputError("cannot read " + what + ": " + std::strerror(errno));
  }
  if (!S_ISREG(info.st_mode)) {
    throw BadInputError("cannot read " + what + ": " + file_kind(info.st_mode) + ", a " + noun +
                        " must be a regular file");
  }
  const auto limit_error = [&] {
    return BadInputError("cannot read " + what + ": larger than " + std::to_string(max_bytes) +
                         " bytes, the limit for a " + noun);
  };
  if (static_cast<std::uintmax_t>(info.st_size) > max_bytes) throw limit_error();
  std::string text;
  char chunk[65536];
  while (true) {
    const ssize_t got = ::read(fd.get(), chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw BadInputError("cannot read " + what + ": " + std::strerror(errno));
    if (got == 0) break;
    text.append(chunk, static_cast<std::size_t>(got));
    // It may have grown since fstat.
    if (text.size() > max_bytes) throw limit_error();
  }
  return text;
}

std::string profile_source_of(const std::string& path) {
  // Where it came from, as the job will show it: the daemon resolves nothing.
  std::error_code ignored;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ignored);
  return ignored ? path : absolute.lexically_normal().string();
}

}  // namespace trexsearch::cli
