#pragma once

#include <sys/types.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/jobs/job_watching.hpp"
#include "daemon/log/log.hpp"
#include "daemon/server/connection_manager.hpp"
#include "daemon/server/connection_settings.hpp"

namespace trexsearch::service {

class RequestPool;

/// The control socket's server (the Asio example's `server`): accepts clients on
/// the Unix socket, enforces the client limits (overall and per user), and turns SIGTERM/SIGINT
/// into an orderly stop and SIGHUP into a reload. Everything runs on the io thread.
class ControlServer {
 public:
  struct SignalHandlers {
    /// SIGTERM or SIGINT: the server has stopped accepting and closed its clients.
    std::function<void(int signal)> on_stop;
    /// SIGHUP.
    std::function<void()> on_reload;
  };

  /// References must outlive the server.
  /// With a `pool`, the requests that read the store run there (RequestPool).
  ControlServer(boost::asio::io_context& io, Dispatcher& dispatcher, JobWatching& jobs, Logger& log,
                ConnectionSettings settings, std::size_t max_clients,
                std::size_t max_clients_per_user = 0, RequestPool* pool = nullptr);

  /// Binds and listens on `path` (removing a stale socket), then sets its mode and
  /// group. Throws std::runtime_error / std::system_error naming the path.
  void listen(const std::string& path, mode_t mode, std::optional<gid_t> group);
  /// Starts waiting for SIGTERM, SIGINT and SIGHUP.
  void handle_signals(SignalHandlers handlers);
  /// Stops accepting, closes every client, stops waiting for signals (they stay
  /// caught, so a second SIGTERM during shutdown does not kill the process).
  void stop();

  std::size_t clients() const { return connections_.size(); }
  std::size_t max_clients() const { return max_clients_; }
  std::size_t max_clients_per_user() const { return max_clients_per_user_; }
  /// Output waiting for all clients [bytes], and how many clients are not read
  /// because of it.
  std::size_t output_bytes() const { return connections_.output_bytes(); }
  std::size_t blocked_clients() const { return connections_.blocked(); }
  /// Reloadable settings (apply to open connections too).
  void set_max_clients(std::size_t max_clients) { max_clients_ = max_clients; }
  void set_max_clients_per_user(std::size_t max) { max_clients_per_user_ = max; }
  ConnectionSettings& settings() { return settings_; }
  const std::string& path() const { return path_; }

 private:
  void accept();
  void wait_for_signal();
  /// Serves an accepted socket, or refuses it (client limits).
  void take(boost::asio::local::stream_protocol::socket socket);
  /// Why `connection` may not be served (client limits), logged; nullopt: serve it.
  std::optional<std::string> refusal(const Connection& connection);

  boost::asio::local::stream_protocol::acceptor acceptor_;
  boost::asio::signal_set signals_;
  /// Pause before accepting again after accept() failed (EMFILE, ENFILE).
  boost::asio::steady_timer accept_retry_;
  Dispatcher& dispatcher_;
  JobWatching& jobs_;
  Logger& log_;
  ConnectionSettings settings_;
  std::size_t max_clients_;
  /// 0: no per-user limit. Root is not counted against it.
  std::size_t max_clients_per_user_;
  RequestPool* pool_;
  ConnectionManager connections_;
  SignalHandlers handlers_;
  std::string path_;
  bool stopped_ = false;
};

}  // namespace trexsearch::service
