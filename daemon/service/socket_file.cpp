#include "daemon/service/socket_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace trexsearch::service {
namespace {

std::system_error os_error(const std::string& what) {
  return std::system_error(errno, std::generic_category(), what);
}

// Whether something accepts connections on the socket file right now.
bool someone_listens(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  const bool connected =
      ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return connected;
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
  if (someone_listens(path)) {
    throw std::runtime_error("another process (a running trex-searchd?) listens on " + path);
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
