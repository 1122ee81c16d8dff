#include "daemon/service/connection_manager.hpp"

#include "daemon/service/connection.hpp"

namespace trexsearch::service {

void ConnectionManager::start(const std::shared_ptr<Connection>& connection) {
  connections_.insert(connection);
  connection->start();
}

void ConnectionManager::stop(const std::shared_ptr<Connection>& connection) {
  connections_.erase(connection);
  connection->stop();
}

void ConnectionManager::stop_all() {
  // Stopping may erase; work on a copy.
  const auto connections = connections_;
  connections_.clear();
  for (const auto& connection : connections) connection->stop();
}

}  // namespace trexsearch::service
