#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "daemon/log/log.hpp"

namespace trexsearch::service {

/// What the metrics endpoint answers one request with (no I/O: testable alone).
struct MetricsReply {
  unsigned status = 200;
  std::string content_type;
  std::string body;
  /// The Allow header of a 405, else empty.
  std::string allow;
};

/// `GET /metrics` (a query string is ignored) gives `page()` in the exposition
/// format; another path 404, another method 405. `page` is called only for a 200.
MetricsReply answer_metrics_request(std::string_view method, std::string_view target,
                                    const std::function<std::string()>& page);

/// Bounds of the metrics endpoint: it faces a network, not the control socket's
/// local users.
struct MetricsServerSettings {
  /// Connections served at once; more are closed on accept.
  std::size_t max_connections = 4;
  /// A request (or the next one on a kept-alive connection) must arrive within this,
  /// and a reply be taken within this.
  std::chrono::milliseconds timeout{std::chrono::seconds(10)};
  /// Largest request, header and body together [bytes].
  std::size_t max_request_bytes = 8192;
};

/// The optional Prometheus endpoint (`metrics-listen`, docs/metrics.md): HTTP/1.1
/// with Boost.Beast on the daemon's io thread. Each scrape calls `page` there; it
/// must be cheap (in-memory state only), as `status` is.
class MetricsServer {
 public:
  using Page = std::function<std::string()>;

  /// `io` and `log` must outlive the server, and the server must outlive io.run().
  MetricsServer(boost::asio::io_context& io, Logger& log, Page page,
                MetricsServerSettings settings = {});
  ~MetricsServer();  // NOLINT(bugprone-exception-escape): see its definition
  MetricsServer(const MetricsServer&) = delete;
  MetricsServer& operator=(const MetricsServer&) = delete;

  /// Binds and listens; returns the bound address (port 0 picks a free port), which
  /// is logged as `metrics.listening`. Throws std::system_error naming the address.
  boost::asio::ip::tcp::endpoint listen(const boost::asio::ip::tcp::endpoint& endpoint);
  /// Stops accepting and closes every connection. Idempotent.
  void stop();

  std::size_t connections() const { return sessions_.size(); }

 private:
  class Session;
  friend class Session;

  void accept();
  void forget(Session* session);

  Logger& log_;
  Page page_;
  MetricsServerSettings settings_;
  boost::asio::ip::tcp::acceptor acceptor_;
  /// Pause before accepting again after accept() failed (EMFILE, ENFILE).
  boost::asio::steady_timer accept_retry_;
  std::map<Session*, std::shared_ptr<Session>> sessions_;
  bool stopped_ = false;
};

}  // namespace trexsearch::service
