#include "daemon/metrics/metrics_server.hpp"

#include <boost/asio/ip/address.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <optional>
#include <system_error>

#include "daemon/metrics/metrics_text.hpp"

namespace trexsearch::service {

namespace beast = boost::beast;
namespace http = boost::beast::http;
using boost::asio::ip::tcp;

MetricsReply answer_metrics_request(std::string_view method, std::string_view target,
                                    const std::function<std::string()>& page) {
  const std::string_view path = target.substr(0, target.find('?'));
  MetricsReply reply;
  reply.content_type = "text/plain; charset=utf-8";
  if (path != "/metrics") {
    reply.status = 404;
    reply.body = "not found: this endpoint serves GET /metrics only\n";
  } else if (method != "GET") {
    reply.status = 405;
    reply.allow = "GET";
    reply.body = "method not allowed: use GET\n";
  } else {
    reply.content_type = std::string(kMetricsContentType);
    reply.body = page();
  }
  return reply;
}

/// One HTTP connection: reads requests one at a time (keep-alive), answers each,
/// closes on error, timeout, oversize request or `Connection: close`.
class MetricsServer::Session : public std::enable_shared_from_this<Session> {
 public:
  Session(MetricsServer& server, tcp::socket socket)
      : server_(server), stream_(std::move(socket)), buffer_(server.settings_.max_request_bytes) {}

  void read() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_.settings_.max_request_bytes));
    parser_->body_limit(server_.settings_.max_request_bytes);
    stream_.expires_after(server_.settings_.timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code error, std::size_t) {
                       self->on_read(error);
                     });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
  }

 private:
  void on_read(beast::error_code error) {
    if (error) {
      // end_of_stream: the scraper closed a kept-alive connection. Others (timeout,
      // oversize, garbage) are the client's problem: no answer, just close.
      finish();
      return;
    }
    const auto& request = parser_->get();
    const auto method = request.method_string();
    const auto target = request.target();
    const MetricsReply reply =
        answer_metrics_request(std::string_view(method.data(), method.size()),
                               std::string_view(target.data(), target.size()), server_.page_);
    response_ = {};
    response_.version(11);
    response_.result(reply.status);
    response_.set(http::field::server, "trex-searchd");
    response_.set(http::field::content_type, reply.content_type);
    if (!reply.allow.empty()) response_.set(http::field::allow, reply.allow);
    response_.body() = reply.body;
    response_.keep_alive(request.keep_alive());
    response_.prepare_payload();
    stream_.expires_after(server_.settings_.timeout);
    http::async_write(stream_, response_,
                      [self = shared_from_this()](beast::error_code write_error, std::size_t) {
                        self->on_write(write_error);
                      });
  }

  void on_write(beast::error_code error) {
    if (error || !response_.keep_alive() || server_.stopped_) {
      finish();
      return;
    }
    read();
  }

  void finish() {
    close();
    server_.forget(this);
  }

  MetricsServer& server_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::response<http::string_body> response_;
};

MetricsServer::MetricsServer(boost::asio::io_context& io, Logger& log, Page page,
                             MetricsServerSettings settings)
    : log_(log), page_(std::move(page)), settings_(settings), acceptor_(io), accept_retry_(io) {}

// stop() throws only when Asio cannot cancel a timer: terminating is right then.
// NOLINTNEXTLINE(bugprone-exception-escape)
MetricsServer::~MetricsServer() { stop(); }

tcp::endpoint MetricsServer::listen(const tcp::endpoint& endpoint) {
  const auto shown = [](const tcp::endpoint& e) {
    const std::string address = e.address().to_string();
    return (e.address().is_v6() ? "[" + address + "]" : address) + ":" + std::to_string(e.port());
  };
  try {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(tcp::acceptor::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen();
  } catch (const boost::system::system_error& error) {
    throw std::system_error(error.code().value(), std::generic_category(),
                            "metrics-listen " + shown(endpoint));
  }
  tcp::endpoint bound = acceptor_.local_endpoint();
  log_.event(LogPriority::notice, "metrics.listening",
             {{"address", shown(bound)}, {"path", "/metrics"}});
  accept();
  return bound;
}

void MetricsServer::stop() {
  if (stopped_) return;
  stopped_ = true;
  beast::error_code ignored;
  acceptor_.close(ignored);
  accept_retry_.cancel();
  // close() only cancels: each session's handler then runs and forgets it.
  for (const auto& [raw, session] : sessions_) session->close();
}

void MetricsServer::accept() {
  acceptor_.async_accept([this](const beast::error_code& error, tcp::socket socket) {
    if (stopped_ || error == boost::asio::error::operation_aborted) return;
    if (error) {
      // EMFILE, ENFILE: accepting again at once would spin the io thread.
      accept_retry_.expires_after(std::chrono::milliseconds(100));
      accept_retry_.async_wait([this](const beast::error_code& wait_error) {
        if (!wait_error && !stopped_) accept();
      });
      return;
    }
    if (sessions_.size() >= settings_.max_connections) {
      // A scraper needs one connection; more at once is a misconfiguration or
      // abuse, and each would cost the io thread a page.
      log_.event(LogPriority::debug, "metrics.refused",
                 {{"reason", "max connections reached"},
                  {"max", static_cast<std::uint64_t>(settings_.max_connections)}});
      beast::error_code ignored;
      socket.close(ignored);
    } else {
      auto session = std::make_shared<Session>(*this, std::move(socket));
      sessions_.emplace(session.get(), session);
      session->read();
    }
    accept();
  });
}

void MetricsServer::forget(Session* session) { sessions_.erase(session); }

}  // namespace trexsearch::service
