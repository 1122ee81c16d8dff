#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <sys/types.h>

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "daemon/dispatch/peer_credentials.hpp"
#include "daemon/server/connection_settings.hpp"

namespace trexsearch::service {

class Connection;

/// Owns the open connections so that they can all be closed at shutdown (the
/// Asio example's `connection_manager`), counts them per user, and keeps the
/// daemon-wide account of output waiting for clients. io thread only.
class ConnectionManager {
 public:
  /// `settings` must outlive the manager (the budget is read live, so SIGHUP applies).
  explicit ConnectionManager(const ConnectionSettings& settings) : settings_(settings) {}
  /// Where malloc_trim runs (the request pool): with a big heap it takes the io
  /// thread seconds. Unset: on the io thread.
  void set_trim_executor(boost::asio::any_io_executor executor) {
    trim_executor_ = std::move(executor);
  }

  /// Takes the connection in and starts it.
  void start(const std::shared_ptr<Connection>& connection);
  /// Stops the connection and forgets it (also for connections it never held).
  void stop(const std::shared_ptr<Connection>& connection);
  void stop_all();
  std::size_t size() const { return connections_.size(); }
  /// Open connections of this peer's user (peers without credentials count as one user).
  std::size_t count_for(const std::optional<PeerCredentials>& peer) const;

  /// Output accounting, called by connections as they queue and write bytes.
  void output_added(std::size_t bytes) { output_bytes_ += bytes; }
  void output_removed(std::size_t bytes) { output_bytes_ -= bytes; }
  /// Bytes queued for all clients and not yet written.
  std::size_t output_bytes() const { return output_bytes_; }
  /// Above half the budget: connections with output waiting stop reading requests.
  bool output_tight() const { return output_bytes_ > settings_.max_output_bytes / 2; }
  /// While the budget is exceeded, closes the connection holding the most output
  /// (logged as `client.too_slow`); returns whether `connection` was among those closed.
  bool enforce_output_budget(const std::shared_ptr<Connection>& connection);
  /// Connections not reading requests because their output waits.
  std::size_t blocked() const;

 private:
  /// Returns freed buffers to the system once the io thread is done with the
  /// closed connections (glibc keeps freed heap otherwise; 200 clients that did
  /// not read would leave the daemon hundreds of MB larger).
  void trim_memory_soon(Connection& closed);

  static uid_t user_key(const std::optional<PeerCredentials>& peer);

  const ConnectionSettings& settings_;
  std::set<std::shared_ptr<Connection>> connections_;
  std::map<uid_t, std::size_t> per_user_;
  std::size_t output_bytes_ = 0;
  bool trim_posted_ = false;
  boost::asio::any_io_executor trim_executor_;
};

}  // namespace trexsearch::service
