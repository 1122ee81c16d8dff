#include "daemon/server/socket_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <system_error>

namespace trexsearch::service {
namespace {

std::system_error os_error(const std::string& what) {
  return std::system_error(errno, std::generic_category(), what);
}

// Why the socket file may not be removed, or nullopt when it is stale (nobody
// listens: the kernel refuses the connection). Only ECONNREFUSED proves that: a
// full backlog (EAGAIN: a busy daemon), a socket we may not connect to (EACCES:
// another user's daemon) or anything else means a live or unknown owner, and
// removing its path would cut it off from every client. Non-blocking, so a busy
// listener cannot hang our start either.
std::optional<std::string> live_owner(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return "cannot create a socket to probe it: " + std::string(std::strerror(errno));
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  const int result = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
  const int error = errno;
  ::close(fd);
  if (result == 0) return "another process (a running trex-searchd?) listens on it";
  if (error == ECONNREFUSED || error == ENOENT) return std::nullopt;
  if (error == EAGAIN) return "another process listens on it (its backlog is full)";
  return "cannot tell whether another process listens on it (connect: " +
         std::string(std::strerror(error)) + ")";
}

}  // namespace

void prepare_socket_path(const std::string& path) {
  const std::filesystem::path file(path);
  if (file.has_parent_path()) {
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    if (error) {
      throw std::runtime_error("cannot create the socket directory " + file.parent_path().string() +
                               ": " + error.message());
    }
  }
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) return;
    throw os_error("cannot inspect the socket path " + path);
  }
  if (!S_ISSOCK(info.st_mode)) {
    throw std::runtime_error("socket path " + path +
                             " exists and is not a socket; not touching it");
  }
  if (const auto owner = live_owner(path)) {
    throw std::runtime_error("socket path " + path + " is in use: " + *owner + "; not removing it");
  }
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
    throw os_error("cannot remove the stale socket " + path);
  }
}

void set_socket_permissions(const std::string& path, mode_t mode, std::optional<gid_t> group) {
  if (group && ::chown(path.c_str(), static_cast<uid_t>(-1), *group) != 0) {
    throw os_error("cannot give the socket " + path + " to group " + std::to_string(*group));
  }
  if (::chmod(path.c_str(), mode) != 0) throw os_error("cannot set the mode of socket " + path);
}

void set_close_on_exec(int fd) {
  const int flags = ::fcntl(fd, F_GETFD);
  if (flags < 0 || ::fcntl(fd, F_SETFD, flags | FD_CLOEXEC) != 0) {
    throw os_error("cannot set close-on-exec on descriptor " + std::to_string(fd));
  }
}

StateDirLock::StateDirLock(const std::filesystem::path& dir) {
  if (::mkdir(dir.c_str(), 0750) != 0 && errno != EEXIST) {
    throw os_error("cannot create the state directory " + dir.string());
  }
  const std::string lock_file = (dir / "trex-searchd.lock").string();
  fd_ = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0640);
  if (fd_ < 0) throw os_error("cannot open " + lock_file);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK) {
      throw std::runtime_error("another trex-searchd uses the state directory " + dir.string() +
                               " (" + lock_file + " is locked)");
    }
    errno = error;
    throw os_error("cannot lock " + lock_file);
  }
}

StateDirLock::~StateDirLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace trexsearch::service
