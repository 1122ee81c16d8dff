#include "daemon/server/request_pool.hpp"

#include <boost/asio/post.hpp>
#include <stdexcept>
#include <utility>

namespace trexsearch::service {

RequestPool::RequestPool(Dispatcher& dispatcher,
                         std::vector<std::unique_ptr<JobStoreAccess>> stores,
                         std::size_t max_pending)
    : dispatcher_(dispatcher),
      threads_(stores.size()),
      max_pending_(max_pending),
      stores_(std::move(stores)),
      pool_(threads_) {
  for (const auto& store : stores_) {
    if (!store) throw std::invalid_argument("RequestPool: a worker without a store connection");
  }
  if (threads_ == 0) throw std::invalid_argument("RequestPool: needs at least one worker");
}

RequestPool::~RequestPool() { stop(); }

bool RequestPool::submit(const Dispatcher::Command& command, protocol::Request request,
                         DispatchContext context, Done done) {
  if (stopped_.load()) return false;
  // Count first, then check: two io-side callers cannot both take the last slot.
  if (pending_.fetch_add(1) >= max_pending_) {
    pending_.fetch_sub(1);
    return false;
  }
  boost::asio::post(pool_, [this, &command, request = std::move(request),
                            context = std::move(context), done = std::move(done)]() mutable {
    // A stop drops what has not started: the io thread is gone, nobody would read it.
    if (!stopped_.load()) {
      std::unique_ptr<JobStoreAccess> store = take_store();
      context.store = store.get();
      Dispatched dispatched = dispatcher_.dispatch(&command, request, context);  // never throws
      give_back(std::move(store));
      try {
        done(std::move(dispatched));
      } catch (const std::exception&) {
        // Only std::bad_alloc building the line: escaping here would terminate the
        // daemon from a worker thread. The client gets no reply.
      }
    }
    pending_.fetch_sub(1);
  });
  return true;
}

std::unique_ptr<JobStoreAccess> RequestPool::take_store() {
  std::lock_guard lock(stores_mutex_);
  // One connection per thread and one request per thread at a time.
  std::unique_ptr<JobStoreAccess> store = std::move(stores_.back());
  stores_.pop_back();
  return store;
}

void RequestPool::give_back(std::unique_ptr<JobStoreAccess> store) {
  std::lock_guard lock(stores_mutex_);
  stores_.push_back(std::move(store));
}

void RequestPool::stop() noexcept {
  stopped_.store(true);
  pool_.join();
}

}  // namespace trexsearch::service
