#include "daemon/store/store_health_monitor.hpp"

#include <chrono>
#include <system_error>
#include <utility>

#include "daemon/store/sqlite.hpp"

namespace trexsearch::service {
namespace {

WallTime now() { return std::chrono::system_clock::now(); }

}  // namespace

StoreHealthMonitor::StoreHealthMonitor(std::filesystem::path store_file,
                                       std::uint64_t max_store_bytes, std::uint64_t reserve_bytes,
                                       LockedStore& io_store, Logger& log)
    : store_file_(std::move(store_file)),
      max_store_bytes_(max_store_bytes),
      io_store_(io_store),
      log_(log),
      reserve_(store_file_.string() + "-reserve", reserve_bytes) {}

void StoreHealthMonitor::note_write(const std::exception* error) {
  bool newly_failed = false;
  {
    std::lock_guard lock(mutex_);
    if (error == nullptr) {
      writable_ = true;
      return;
    }
    newly_failed = writable_;
    writable_ = false;
    error_ = error->what();
    error_at_ = now();
  }
  if (newly_failed) {
    log_.event(LogPriority::error, "store.write_failed",
               {{"store", store_file_.string()}, {"reason", error->what()}});
  }
}

std::optional<StoreHealth> StoreHealthMonitor::store_health() {
  StoreHealth health;
  health.file = store_file_.string();
  std::error_code ignored;
  for (const char* suffix : {"", "-wal"}) {
    const auto bytes = std::filesystem::file_size(health.file + suffix, ignored);
    if (!ignored) health.bytes += bytes;
  }
  health.max_bytes = max_store_bytes_;
  health.reserve_bytes = reserve_.bytes();
  health.reserve_held = reserve_.held();
  const std::string problem = io_store_.with([](Store& store) { return store.file_problem(); });
  bool newly_noticed = false;
  {
    std::lock_guard lock(mutex_);
    if (!problem.empty()) {
      newly_noticed = file_problem_ != problem;
      file_problem_ = problem;
      writable_ = false;
      error_ = problem;
      if (newly_noticed) error_at_ = now();
    }
    health.writable = writable_;
    health.last_error = error_;
    health.last_error_at = error_at_;
  }
  if (newly_noticed) {
    log_.event(LogPriority::error, "store.replaced",
               {{"store", store_file_.string()}, {"reason", problem}});
  }
  return health;
}

bool StoreHealthMonitor::release_reserve_for(const std::exception& error, JobId job) {
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

void StoreHealthMonitor::restore_reserve() {
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
