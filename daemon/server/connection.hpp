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

#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/dispatch/peer_credentials.hpp"
#include "daemon/jobs/job_watching.hpp"
#include "daemon/log/log.hpp"
#include "daemon/server/connection_settings.hpp"
#include "daemon/server/request_pool.hpp"

namespace trexsearch::service {

class ConnectionManager;

/// One client of the control socket (the Asio example's `connection`): reads
/// newline-delimited requests of bounded length, hands each to the dispatcher,
/// queues the replies and any `watch` events, and closes on EOF, error, idle
/// timeout or an oversized line. A client that does not read its replies stops
/// being read (its output is bounded) and is closed when it does not catch up
/// (ConnectionSettings). Requests that read the store go to the request pool;
/// until such a reply is back nothing more is read, so replies keep the order of
/// the requests. Lives on the io thread only.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  using Socket = boost::asio::local::stream_protocol::socket;

  /// All references must outlive the connection. Without a `pool` every request
  /// is answered on the io thread.
  Connection(Socket socket, ConnectionManager& manager, Dispatcher& dispatcher, JobWatching& jobs,
             const ConnectionSettings& settings, Logger& log, RequestPool* pool = nullptr);

  /// Starts reading requests.
  void start();
  /// Sends `line` and closes, without reading anything (over the client limit).
  void refuse(std::string line);
  /// Closes the socket and drops its watches. Idempotent.
  void stop();

  /// Logs `client.too_slow` with the reason and closes the connection.
  void drop_too_slow(const std::string& reason);

  /// The kernel's view of the peer, read when the connection was accepted.
  const std::optional<PeerCredentials>& peer() const { return peer_; }
  /// Replies and events queued and not yet written [bytes].
  std::size_t pending_output_bytes() const { return pending_output_bytes_; }
  /// Whether requests are not being read until the client reads its output.
  bool reading_paused() const { return reading_paused_; }
  /// The most this connection ever buffered, output and input [bytes].
  std::size_t peak_buffered_bytes() const { return peak_buffered_bytes_; }
  boost::asio::any_io_executor executor() { return socket_.get_executor(); }

 private:
  class Watcher;

  void read_line();
  void on_read(const boost::system::error_code& error, std::size_t bytes);
  void handle_line(const std::string& line);
  /// What a pool worker calls with the reply: it posts the line to the io thread.
  RequestPool::Done pool_reply_sink();
  /// The answer when the pool is full.
  Dispatched pool_busy_reply(const protocol::RequestId& id) const;
  /// The pool's reply (encoded on the worker), back on the io thread.
  void on_pool_reply(std::string line, ResultCode result, const std::string& text);
  void reply(Dispatched dispatched);
  void log_request(ResultCode result, const std::string& text);
  void deliver(const protocol::RequestId& request_id, const JobEvent& event,
               const JobWatcher* watcher);
  void send(std::string line);
  void write_next();
  void on_written(std::size_t bytes);
  bool output_blocks_reading() const;
  void pause_reading();
  void close_after_writes();
  void arm_idle_timer();
  void on_idle();
  std::string peer_text() const;

  Socket socket_;
  boost::asio::steady_timer idle_timer_;
  /// Runs while reading is paused: the client must read its output down by then.
  boost::asio::steady_timer output_timer_;
  ConnectionManager& manager_;
  Dispatcher& dispatcher_;
  JobWatching& jobs_;
  const ConnectionSettings& settings_;
  Logger& log_;
  RequestPool* pool_;
  std::optional<PeerCredentials> peer_;
  std::string input_;
  std::deque<std::string> output_;
  std::size_t pending_output_bytes_ = 0;
  /// Trial events not sent because the client was behind (Connection::deliver).
  std::uint64_t skipped_trial_events_ = 0;
  /// Bytes of output_.front() already written (writes may be partial).
  std::size_t front_written_ = 0;
  std::size_t peak_buffered_bytes_ = 0;
  bool writing_ = false;
  bool reading_ = false;
  bool reading_paused_ = false;
  /// A request runs on the pool: nothing more is read until its reply is queued.
  bool awaiting_pool_ = false;
  bool closing_ = false;
  bool stopped_ = false;
  /// Active `watch` streams: job and watcher.
  std::vector<std::pair<JobId, std::shared_ptr<JobWatcher>>> watches_;
};

}  // namespace trexsearch::service
