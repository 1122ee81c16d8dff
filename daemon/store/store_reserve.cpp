#include "daemon/store/store_reserve.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace trexsearch::service {

StoreReserve::StoreReserve(std::filesystem::path file, std::uint64_t bytes)
    : file_(std::move(file)), bytes_(bytes) {}

std::string StoreReserve::ensure() {
  std::lock_guard lock(mutex_);
  if (bytes_ == 0) return "";
  struct stat info {};
  if (::stat(file_.c_str(), &info) == 0 && static_cast<std::uint64_t>(info.st_size) >= bytes_ &&
      static_cast<std::uint64_t>(info.st_blocks) * 512 >= bytes_) {
    held_ = true;
    return "";
  }
  const int fd = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) {
    held_ = false;
    return "cannot create " + file_.string() + ": " + std::strerror(errno);
  }
  // posix_fallocate really allocates the blocks (a sparse file would give nothing
  // back when deleted); it returns the error instead of setting errno.
  const int failed = ::posix_fallocate(fd, 0, static_cast<off_t>(bytes_));
  ::close(fd);
  if (failed != 0) {
    ::unlink(file_.c_str());
    held_ = false;
    return "cannot allocate " + std::to_string(bytes_ >> 20) + " MiB for " + file_.string() + ": " +
           std::strerror(failed);
  }
  held_ = true;
  return "";
}

std::uint64_t StoreReserve::release() {
  std::lock_guard lock(mutex_);
  struct stat info {};
  if (::stat(file_.c_str(), &info) != 0) {
    held_ = false;
    return 0;
  }
  const auto freed = static_cast<std::uint64_t>(info.st_blocks) * 512;
  ::unlink(file_.c_str());
  held_ = false;
  return freed;
}

bool StoreReserve::held() const {
  std::lock_guard lock(mutex_);
  return held_;
}

}  // namespace trexsearch::service
