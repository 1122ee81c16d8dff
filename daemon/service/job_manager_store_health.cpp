// JobManager's view of its store's health: failed writes for `status`, a store file
// deleted or replaced under the daemon, and the reserve given back on a full disk
// (StoreReserve). Split from job_manager.cpp to keep one concern per file.
#include <filesystem>

#include "daemon/service/job_manager.hpp"
#include "daemon/service/sqlite.hpp"

namespace trexsearch::service {
namespace {

WallTime now() { return std::chrono::system_clock::now(); }

}  // namespace

void JobManager::note_store_write(const std::exception* error) {
  bool newly_failed = false;
  {
    std::lock_guard lock(mutex_);
    if (error == nullptr) {
      store_writable_ = true;
      return;
    }
    newly_failed = store_writable_;
    store_writable_ = false;
    store_error_ = error->what();
    store_error_at_ = now();
  }
  if (newly_failed) {
    log_.event(LogPriority::error, "store.write_failed",
               {{"store", settings_.store_file.string()}, {"reason", error->what()}});
  }
}

std::optional<StoreHealth> JobManager::store_health() {
  StoreHealth health;
  health.file = settings_.store_file.string();
  std::error_code ignored;
  for (const char* suffix : {"", "-wal"}) {
    const auto bytes = std::filesystem::file_size(health.file + suffix, ignored);
    if (!ignored) health.bytes += bytes;
  }
  health.max_bytes = settings_.max_store_bytes;
  health.reserve_bytes = reserve_.bytes();
  health.reserve_held = reserve_.held();
  std::string problem;
  {
    std::lock_guard store_lock(io_store_mutex_);
    problem = io_store_.file_problem();
  }
  bool newly_noticed = false;
  {
    std::lock_guard lock(mutex_);
    if (!problem.empty()) {
      newly_noticed = store_problem_ != problem;
      store_problem_ = problem;
      store_writable_ = false;
      store_error_ = problem;
      if (newly_noticed) store_error_at_ = now();
    }
    health.writable = store_writable_;
    health.last_error = store_error_;
    health.last_error_at = store_error_at_;
  }
  if (newly_noticed) {
    log_.event(LogPriority::error, "store.replaced",
               {{"store", settings_.store_file.string()}, {"reason", problem}});
  }
  return health;
}

bool JobManager::release_reserve_for(const std::exception& error, JobId job) {
  if (!is_store_full(error)) return false;
  const std::uint64_t freed = reserve_.release();
  if (freed == 0) return false;
  log_.event(LogPriority::error, "store.reserve_released",
             {{"job", job},
              {"file", reserve_.file().string()},
              {"bytes", freed},
              {"reason", error.what()}});
  return true;
}

void JobManager::restore_reserve() {
  if (reserve_.bytes() == 0 || reserve_.held()) return;
  const std::string problem = reserve_.ensure();
  bool newly = false;
  {
    std::lock_guard lock(mutex_);
    newly = problem != reserve_problem_;
    reserve_problem_ = problem;
  }
  if (!newly) return;
  if (problem.empty()) {
    log_.event(LogPriority::notice, "store.reserve_held",
               {{"file", reserve_.file().string()}, {"bytes", reserve_.bytes()}});
  } else {
    log_.event(LogPriority::warning, "store.reserve_missing",
               {{"file", reserve_.file().string()}, {"reason", problem}});
  }
}

}  // namespace trexsearch::service
