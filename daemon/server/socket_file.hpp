#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>

namespace trexsearch::service {

/// Makes `path` ready to bind a Unix socket on: creates its directory when
/// missing, removes a stale socket a dead daemon left behind. Throws
/// std::runtime_error naming the path when another daemon answers there or the
/// path is something other than a socket.
void prepare_socket_path(const std::string& path);

/// Sets the socket file's mode and (when given) group; throws std::system_error
/// naming the path.
void set_socket_permissions(const std::string& path, mode_t mode, std::optional<gid_t> group);

/// Marks a descriptor close-on-exec. Asio opens and accepts sockets without it,
/// and the daemon starts external measurers: without this they would inherit the
/// control socket and every client connection (a closed client would never see EOF
/// while a measurer runs). Throws std::system_error.
void set_close_on_exec(int fd);

/// An exclusive lock (flock) on `DIR/trex-searchd.lock`, held for the daemon's
/// life: two daemons on one store would each resume the other's jobs.
class StateDirLock {
 public:
  /// Creates the directory (mode 0750) when missing; throws std::runtime_error
  /// when the lock is held by another process or the directory is unusable.
  explicit StateDirLock(const std::filesystem::path& dir);
  ~StateDirLock();
  StateDirLock(const StateDirLock&) = delete;
  StateDirLock& operator=(const StateDirLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace trexsearch::service
