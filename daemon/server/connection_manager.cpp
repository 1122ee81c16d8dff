#include "daemon/server/connection_manager.hpp"

#include <malloc.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "daemon/server/connection.hpp"

namespace trexsearch::service {

namespace {
// Closing a connection that held less than this is not worth a malloc_trim.
constexpr std::size_t kTrimAfterBytes = std::size_t{256} << 10;
}  // namespace

uid_t ConnectionManager::user_key(const std::optional<PeerCredentials>& peer) {
  return peer ? peer->uid : static_cast<uid_t>(-1);
}

void ConnectionManager::start(const std::shared_ptr<Connection>& connection) {
  connections_.insert(connection);
  ++per_user_[user_key(connection->peer())];
  connection->start();
}

void ConnectionManager::stop(const std::shared_ptr<Connection>& connection) {
  if (connections_.erase(connection) != 0) {
    const auto found = per_user_.find(user_key(connection->peer()));
    if (found != per_user_.end() && --found->second == 0) per_user_.erase(found);
  }
  connection->stop();
  trim_memory_soon(*connection);
}

void ConnectionManager::stop_all() {
  // Stopping may erase; work on a copy.
  const auto connections = connections_;
  connections_.clear();
  per_user_.clear();
  for (const auto& connection : connections) connection->stop();
}

std::size_t ConnectionManager::count_for(const std::optional<PeerCredentials>& peer) const {
  const auto found = per_user_.find(user_key(peer));
  return found == per_user_.end() ? 0 : found->second;
}

bool ConnectionManager::enforce_output_budget(const std::shared_ptr<Connection>& connection) {
  bool closed_this = false;
  while (output_bytes_ > settings_.max_output_bytes) {
    // The one holding the most: a client that reads goes back to nothing at once,
    // so the largest is almost always the one that stopped reading.
    std::shared_ptr<Connection> largest = connection;
    for (const auto& candidate : connections_) {
      if (candidate->pending_output_bytes() > largest->pending_output_bytes()) largest = candidate;
    }
    if (largest->pending_output_bytes() == 0) break;  // nothing left to free (cannot happen)
    closed_this = closed_this || largest == connection;
    largest->drop_too_slow("the daemon's output budget (max-output-mib) is used up");
  }
  return closed_this;
}

std::size_t ConnectionManager::blocked() const {
  return static_cast<std::size_t>(std::count_if(
      connections_.begin(), connections_.end(),
      [](const std::shared_ptr<Connection>& connection) { return connection->reading_paused(); }));
}

void ConnectionManager::trim_memory_soon(Connection& closed) {
  if (closed.peak_buffered_bytes() < kTrimAfterBytes || trim_posted_) return;
  trim_posted_ = true;
  // Posted, so that it runs after the aborted handlers have released the closed
  // connections, and once for a whole batch of them (an idle timeout closing 200).
  boost::asio::post(closed.executor(), [this] {
    trim_posted_ = false;
    if (trim_executor_) {
      boost::asio::post(trim_executor_, [] { ::malloc_trim(0); });
    } else {
      ::malloc_trim(0);
    }
  });
}

}  // namespace trexsearch::service
