#pragma once

#include <cstddef>
#include <memory>
#include <set>

namespace trexsearch::service {

class Connection;

/// Owns the open connections so that they can all be closed at shutdown (the
/// Asio example's `connection_manager`). io thread only.
class ConnectionManager {
 public:
  /// Takes the connection in and starts it.
  void start(const std::shared_ptr<Connection>& connection);
  /// Stops the connection and forgets it (also for connections it never held).
  void stop(const std::shared_ptr<Connection>& connection);
  void stop_all();
  std::size_t size() const { return connections_.size(); }

 private:
  std::set<std::shared_ptr<Connection>> connections_;
};

}  // namespace trexsearch::service
