#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>

namespace trexsearch::service {

/// Space set aside beside the job store for the writes that must still work when
/// its file system is full (issue #13 finding 5): a failed job's end state, a
/// `delete` that makes room, the write-ahead log's checkpoint. SQLite needs new
/// pages for each of them, and on a full disk there are none, so without it a
/// job stays "running" and nothing can be deleted. The file is allocated (not
/// sparse) and given back, by deleting it, the first time a write fails for
/// lack of space; it is allocated again when space is back. Thread-safe.
class StoreReserve {
 public:
  /// `bytes` 0: no reserve (`store-reserve-mib = 0`).
  StoreReserve(std::filesystem::path file, std::uint64_t bytes);

  /// Allocates the file when it is missing. Returns "" when the reserve is in
  /// place (or switched off), else why it is not (no space, ...).
  std::string ensure();
  /// Deletes the file. Returns the bytes given back (0 when there was none).
  std::uint64_t release();
  /// True while the file is allocated.
  bool held() const;
  std::uint64_t bytes() const { return bytes_; }
  const std::filesystem::path& file() const { return file_; }

 private:
  const std::filesystem::path file_;
  const std::uint64_t bytes_;
  mutable std::mutex mutex_;
  bool held_ = false;
};

}  // namespace trexsearch::service
