#pragma once

#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstddef>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "daemon/service/connection_settings.hpp"
#include "daemon/service/dispatcher.hpp"
#include "daemon/service/job_control.hpp"
#include "daemon/service/log.hpp"
#include "daemon/service/peer_credentials.hpp"

namespace trexsearch::service {

class ConnectionManager;

/// One client of the control socket (the Asio example's `connection`): reads
/// newline-delimited requests of bounded length, hands each to the dispatcher,
/// queues the replies and any `watch` events, and closes on EOF, error, idle
/// timeout or an oversized line. Lives on the io thread only.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  using Socket = boost::asio::local::stream_protocol::socket;

  /// All references must outlive the connection.
  Connection(Socket socket, ConnectionManager& manager, Dispatcher& dispatcher, JobControl& jobs,
             const ConnectionSettings& settings, Logger& log);

  /// Reads the peer's credentials and starts reading requests.
  void start();
  /// Sends `line` and closes, without reading anything (over the client limit).
  void refuse(std::string line);
  /// Closes the socket and drops its watches. Idempotent.
  void stop();

  const std::optional<PeerCredentials>& peer() const { return peer_; }

 private:
  class Watcher;

  void read_line();
  void on_read(const boost::system::error_code& error, std::size_t bytes);
  void handle_line(const std::string& line);
  void deliver(const Json::Value& request_id, const JobEvent& event, const JobWatcher* watcher);
  void send(std::string line);
  void write_next();
  void close_after_writes();
  void arm_idle_timer();
  void on_idle();

  Socket socket_;
  boost::asio::steady_timer idle_timer_;
  ConnectionManager& manager_;
  Dispatcher& dispatcher_;
  JobControl& jobs_;
  const ConnectionSettings& settings_;
  Logger& log_;
  std::optional<PeerCredentials> peer_;
  std::string input_;
  std::deque<std::string> output_;
  std::size_t pending_output_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool stopped_ = false;
  /// Active `watch` streams: job and watcher.
  std::vector<std::pair<JobId, std::shared_ptr<JobWatcher>>> watches_;
};

}  // namespace trexsearch::service
