#pragma once

#include <mutex>
#include <utility>

#include "daemon/store/store.hpp"

namespace trexsearch::service {

/// A store connection that more than one thread may use, one call at a time: the
/// io thread's, shared by its commands and by `status`. A Store alone is for one
/// thread only.
class LockedStore {
 public:
  /// Opens the store with Store's arguments (throws SqliteError).
  template <typename... Args>
  explicit LockedStore(Args&&... args) : store_(std::forward<Args>(args)...) {}

  /// Runs `action(store)` holding the lock; returns what it returns.
  template <typename Action>
  decltype(auto) with(Action&& action) {
    std::lock_guard lock(mutex_);
    return std::forward<Action>(action)(store_);
  }

 private:
  std::mutex mutex_;
  Store store_;
};

}  // namespace trexsearch::service
