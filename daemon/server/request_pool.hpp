#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/jobs/job_store_access.hpp"

namespace trexsearch::service {

/// Runs the requests that may take long (Dispatcher::Command::on_pool: show, result,
/// analyze, list, delete, submit) on a few worker threads, so that the io
/// thread keeps answering `status` and pinging the watchdog while a big job is
/// read or analysed. Each worker uses a store connection of its own (SQLite
/// connections are per thread). Bounded: beyond `max_pending` requests waiting or
/// running, submit() refuses and the caller answers `busy`.
class RequestPool {
 public:
  /// Called on the worker thread with the reply; it posts it to the io thread.
  using Done = std::function<void(Dispatched)>;

  /// One worker thread per element of `stores`. `dispatcher` must outlive the pool.
  RequestPool(Dispatcher& dispatcher, std::vector<std::unique_ptr<JobStoreAccess>> stores,
              std::size_t max_pending);
  /// Calls stop().
  ~RequestPool();
  RequestPool(const RequestPool&) = delete;
  RequestPool& operator=(const RequestPool&) = delete;

  /// Queues `request` for `command` (the registry entry the connection looked up;
  /// it lives as long as the program); false (nothing queued) when `max_pending`
  /// requests are already waiting or running, or the pool is stopped.
  bool submit(const Dispatcher::Command& command, protocol::Request request,
              DispatchContext context, Done done);
  /// Drops the requests that have not started, waits for the running ones and
  /// joins the workers (their `done` still runs). Idempotent; never throws.
  void stop() noexcept;

  /// For small background chores (malloc_trim) that must not run on the io thread.
  boost::asio::any_io_executor executor() { return pool_.get_executor(); }

  std::size_t pending() const { return pending_.load(); }
  std::size_t max_pending() const { return max_pending_; }
  std::size_t threads() const { return threads_; }

 private:
  /// A free store connection: with one per thread, there always is one.
  std::unique_ptr<JobStoreAccess> take_store();
  void give_back(std::unique_ptr<JobStoreAccess> store);

  Dispatcher& dispatcher_;
  const std::size_t threads_;
  const std::size_t max_pending_;
  std::atomic<std::size_t> pending_{0};
  std::atomic<bool> stopped_{false};
  std::mutex stores_mutex_;
  std::vector<std::unique_ptr<JobStoreAccess>> stores_;
  /// Declared last: joined before the stores it uses are destroyed.
  boost::asio::thread_pool pool_;
};

}  // namespace trexsearch::service
