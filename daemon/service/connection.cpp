#include "daemon/service/connection.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <chrono>

#include "daemon/service/connection_manager.hpp"
#include "daemon/service/reply_codec.hpp"

namespace trexsearch::service {

namespace asio = boost::asio;

/// Streams one `watch` to its connection: called on the runner thread, it only
/// posts the event to the io thread, where the connection (if still open) sends it.
class Connection::Watcher final : public JobWatcher {
 public:
  Watcher(std::weak_ptr<Connection> connection, asio::any_io_executor executor,
          Json::Value request_id)
      : connection_(std::move(connection)),
        executor_(std::move(executor)),
        request_id_(std::move(request_id)) {}

  void on_event(const JobEvent& event) override {
    asio::post(executor_, [connection = connection_, id = request_id_, event, self = this] {
      if (const auto alive = connection.lock()) alive->deliver(id, event, self);
    });
  }

 private:
  std::weak_ptr<Connection> connection_;
  asio::any_io_executor executor_;
  Json::Value request_id_;
};

Connection::Connection(Socket socket, ConnectionManager& manager, Dispatcher& dispatcher,
                       JobControl& jobs, const ConnectionSettings& settings, Logger& log)
    : socket_(std::move(socket)),
      idle_timer_(socket_.get_executor()),
      manager_(manager),
      dispatcher_(dispatcher),
      jobs_(jobs),
      settings_(settings),
      log_(log) {}

void Connection::start() {
  peer_ = read_peer_credentials(socket_.native_handle());
  arm_idle_timer();
  read_line();
}

void Connection::refuse(std::string line) {
  send(std::move(line));
  close_after_writes();
}

void Connection::stop() {
  if (stopped_) return;
  stopped_ = true;
  idle_timer_.cancel();
  boost::system::error_code ignored;
  socket_.shutdown(Socket::shutdown_both, ignored);
  socket_.close(ignored);
  for (const auto& [job, watcher] : watches_) jobs_.unwatch(job, watcher.get());
  watches_.clear();
  output_.clear();
  pending_output_bytes_ = 0;
}

void Connection::read_line() {
  if (closing_ || stopped_) return;
  // One byte more than the limit: a line of exactly max_request_bytes plus its
  // newline fits; anything longer fills the buffer and ends as not_found.
  asio::async_read_until(
      socket_, asio::dynamic_buffer(input_, settings_.max_request_bytes + 1), '\n',
      [self = shared_from_this()](const boost::system::error_code& error, std::size_t bytes) {
        self->on_read(error, bytes);
      });
}

void Connection::on_read(const boost::system::error_code& error, std::size_t bytes) {
  if (stopped_) return;
  if (error == asio::error::not_found) {
    log_.event(LogPriority::notice, "client.oversized_request",
               {{"peer", peer_ ? peer_->describe() : "unknown"},
                {"limit", static_cast<std::uint64_t>(settings_.max_request_bytes)}});
    send(encode_response(error_response(Json::Value(), ResultCode::bad_request,
                                        "request line longer than " +
                                            std::to_string(settings_.max_request_bytes) +
                                            " bytes (max-request-bytes); closing the connection")));
    close_after_writes();
    return;
  }
  if (error) {
    manager_.stop(shared_from_this());
    return;
  }
  std::string line = input_.substr(0, bytes - 1);
  input_.erase(0, bytes);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  arm_idle_timer();
  if (line.find_first_not_of(" \t") != std::string::npos) handle_line(line);
  read_line();
}

void Connection::handle_line(const std::string& line) {
  DispatchContext context;
  context.peer = peer_;
  context.make_watcher = [this](const Json::Value& request_id) {
    return std::make_shared<Watcher>(weak_from_this(), socket_.get_executor(), request_id);
  };
  Dispatched dispatched = dispatcher_.dispatch_line(line, context);
  if (log_.enabled(LogPriority::debug)) {
    log_.event(LogPriority::debug, "client.request",
               {{"peer", peer_ ? peer_->describe() : "unknown"},
                {"result", to_string(dispatched.response.result)},
                {"text", dispatched.response.text}});
  }
  send(encode_response(dispatched.response));
  if (dispatched.watched_job) {
    watches_.emplace_back(*dispatched.watched_job, std::move(dispatched.watcher));
  }
}

void Connection::deliver(const Json::Value& request_id, const JobEvent& event,
                         const JobWatcher* watcher) {
  if (stopped_) return;
  Json::Value arguments(Json::objectValue);
  switch (event.kind) {
    case JobEvent::Kind::started:
      arguments["job"] = Json::Int64{event.job};
      arguments["state"] = "running";
      send(encode_event(request_id, "job.started", arguments));
      break;
    case JobEvent::Kind::trial:
      if (event.progress) {
        send(encode_event(request_id, "trial", encode_trial_event(event.job, *event.progress)));
      }
      break;
    case JobEvent::Kind::ended:
      arguments["job"] = Json::Int64{event.job};
      arguments["state"] = std::string(to_string(event.state));
      arguments["reason"] = event.reason;
      send(encode_event(request_id, "job.ended", arguments));
      std::erase_if(watches_,
                    [watcher](const auto& entry) { return entry.second.get() == watcher; });
      arm_idle_timer();
      break;
  }
}

void Connection::send(std::string line) {
  if (stopped_) return;
  pending_output_bytes_ += line.size();
  if (pending_output_bytes_ > settings_.max_pending_output_bytes) {
    log_.event(LogPriority::notice, "client.too_slow",
               {{"peer", peer_ ? peer_->describe() : "unknown"},
                {"pending_bytes", static_cast<std::uint64_t>(pending_output_bytes_)}});
    manager_.stop(shared_from_this());
    return;
  }
  output_.push_back(std::move(line));
  if (!writing_) write_next();
}

void Connection::write_next() {
  writing_ = true;
  asio::async_write(
      socket_, asio::buffer(output_.front()),
      [self = shared_from_this()](const boost::system::error_code& error, std::size_t) {
        if (self->stopped_) return;
        if (error) {
          self->manager_.stop(self);
          return;
        }
        self->pending_output_bytes_ -= self->output_.front().size();
        self->output_.pop_front();
        if (!self->output_.empty()) {
          self->write_next();
          return;
        }
        self->writing_ = false;
        if (self->closing_) self->manager_.stop(self);
      });
}

void Connection::close_after_writes() {
  closing_ = true;
  if (!writing_ && output_.empty()) manager_.stop(shared_from_this());
}

void Connection::arm_idle_timer() {
  if (stopped_) return;
  idle_timer_.expires_after(
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(settings_.idle_timeout));
  idle_timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& error) {
    if (error) return;  // re-armed or stopped
    if (const auto self = weak.lock()) self->on_idle();
  });
}

void Connection::on_idle() {
  if (stopped_) return;
  // A client watching a job or still receiving output is not idle.
  if (!watches_.empty() || writing_) {
    arm_idle_timer();
    return;
  }
  log_.event(LogPriority::debug, "client.idle_timeout",
             {{"peer", peer_ ? peer_->describe() : "unknown"}});
  manager_.stop(shared_from_this());
}

}  // namespace trexsearch::service
