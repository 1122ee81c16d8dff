#pragma once

#include <cstdint>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>

#include "daemon/log/log.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/store/locked_store.hpp"
#include "daemon/store/store_health_view.hpp"
#include "daemon/store/store_reserve.hpp"

namespace trexsearch::service {

/// What the daemon knows of its job store's health: the outcome of the last
/// writes (for `status`), a store file deleted or replaced under the daemon, and
/// the reserve given back on a full disk (StoreReserve). Every store writer
/// reports here. Thread-safe.
class StoreHealthMonitor final : public StoreHealthView {
 public:
  /// `io_store` (asked whether its file was replaced) and `log` must outlive this
  /// object. The reserve (`reserve_bytes`, 0: none) is not allocated until
  /// restore_reserve().
  StoreHealthMonitor(std::filesystem::path store_file, std::uint64_t max_store_bytes,
                     std::uint64_t reserve_bytes, LockedStore& io_store, Logger& log);

  /// Records the outcome of a store write: nullptr for success. Logs the first
  /// failure after a success.
  void note_write(const std::exception* error);
  std::optional<StoreHealth> store_health() override;
  /// Releases the reserve after `error` when it means a full file system; true
  /// when space was given back (then the write is worth one more try).
  bool release_reserve_for(const std::exception& error, JobId job);
  /// Allocates the reserve again when it is missing, logging why it cannot be.
  void restore_reserve();

 private:
  const std::filesystem::path store_file_;
  const std::uint64_t max_store_bytes_;
  LockedStore& io_store_;
  Logger& log_;
  /// Given back when a write fails for lack of space, so that the end state,
  /// delete and checkpoints still work.
  StoreReserve reserve_;

  std::mutex mutex_;
  bool writable_ = true;
  std::string error_;
  std::optional<WallTime> error_at_;
  /// What happened to the store file (deleted, replaced), once noticed.
  std::string file_problem_;
  /// Why the reserve is missing ("" while held), so each change is logged once.
  std::string reserve_problem_;
};

}  // namespace trexsearch::service
