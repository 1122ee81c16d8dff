#include "daemon/store/state_dir_check.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& reason) {
  throw measure::ConfigError("state-dir", path.string(), reason);
}

void require_writable_dir(const std::filesystem::path& dir, const std::string& what) {
  // access() uses the real uid: the daemon's, since it never changes ids.
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    refuse(dir, what + " " + dir.string() + " is not writable by uid " +
                    std::to_string(::getuid()) + " (" + std::strerror(errno) + ")");
  }
}

}  // namespace

void check_state_dir(const std::filesystem::path& state_dir) {
  struct stat info {};
  if (::stat(state_dir.c_str(), &info) != 0) {
    if (errno != ENOENT)
      refuse(state_dir, std::string("cannot inspect it: ") + std::strerror(errno));
    // The daemon creates the directory itself (one level, mode 0750).
    const std::filesystem::path parent =
        state_dir.has_parent_path() ? state_dir.parent_path() : std::filesystem::path(".");
    struct stat parent_info {};
    if (::stat(parent.c_str(), &parent_info) != 0 || !S_ISDIR(parent_info.st_mode)) {
      refuse(state_dir, "does not exist, and neither does its parent directory " + parent.string() +
                            " to create it in");
    }
    require_writable_dir(parent, "does not exist, and its parent directory");
    return;
  }
  if (!S_ISDIR(info.st_mode)) refuse(state_dir, "is not a directory");
  require_writable_dir(state_dir, "the directory");
  const std::filesystem::path store = state_dir / "jobs.sqlite";
  if (::stat(store.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
    refuse(state_dir, "its job store " + store.string() +
                          " exists and is not a regular file (a directory, device or socket)");
  }
}

}  // namespace trexsearch::service
