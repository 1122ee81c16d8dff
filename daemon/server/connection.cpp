#include "daemon/server/connection.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/read_until.hpp>
#include <chrono>

#include "daemon/dispatch/event_codec.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/server/connection_manager.hpp"
#include "daemon/server/request_pool.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {

namespace asio = boost::asio;

/// Streams one `watch` to its connection: called on the runner thread, it only
/// posts the event to the io thread, where the connection (if still open) sends it.
class Connection::Watcher final : public JobWatcher {
 public:
  Watcher(std::weak_ptr<Connection> connection, asio::any_io_executor executor,
          protocol::RequestId request_id)
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
  protocol::RequestId request_id_;
};

Connection::Connection(Socket socket, ConnectionManager& manager, Dispatcher& dispatcher,
                       JobWatching& jobs, const ConnectionSettings& settings, Logger& log,
                       RequestPool* pool)
    : socket_(std::move(socket)),
      idle_timer_(socket_.get_executor()),
      output_timer_(socket_.get_executor()),
      manager_(manager),
      dispatcher_(dispatcher),
      jobs_(jobs),
      settings_(settings),
      log_(log),
      pool_(pool),
      // At once: the control server counts connections per user before starting one.
      peer_(read_peer_credentials(socket_.native_handle())) {}

void Connection::start() {
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
  output_timer_.cancel();
  boost::system::error_code ignored;
  socket_.shutdown(Socket::shutdown_both, ignored);
  socket_.close(ignored);
  for (const auto& [job, watcher] : watches_) jobs_.unwatch(job, watcher.get());
  watches_.clear();
  manager_.output_removed(pending_output_bytes_);
  output_.clear();
  pending_output_bytes_ = 0;
}

void Connection::drop_too_slow(const std::string& reason) {
  if (stopped_) return;
  log_.event(LogPriority::notice, "client.too_slow",
             {{"peer", peer_text()},
              {"pending_bytes", static_cast<std::uint64_t>(pending_output_bytes_)},
              {"reason", reason}});
  manager_.stop(shared_from_this());
}

std::string Connection::peer_text() const { return peer_ ? peer_->describe() : "unknown"; }

bool Connection::output_blocks_reading() const {
  // A client's own backlog, or everybody's: when the daemon-wide budget runs
  // tight, only clients that have read everything may send more requests.
  return pending_output_bytes_ > settings_.max_client_output_bytes ||
         (pending_output_bytes_ > 0 && manager_.output_tight());
}

void Connection::read_line() {
  if (closing_ || stopped_ || reading_ || awaiting_pool_) return;
  if (output_blocks_reading()) {
    pause_reading();
    return;
  }
  reading_ = true;
  // One byte more than the limit: a line of exactly max_request_bytes plus its
  // newline fits; anything longer fills the buffer and ends as not_found.
  asio::async_read_until(
      socket_, asio::dynamic_buffer(input_, settings_.max_request_bytes + 1), '\n',
      [self = shared_from_this()](const boost::system::error_code& error, std::size_t bytes) {
        self->on_read(error, bytes);
      });
}

void Connection::pause_reading() {
  if (reading_paused_) return;
  reading_paused_ = true;
  output_timer_.expires_after(
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(settings_.output_timeout));
  output_timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& error) {
    if (error) return;  // drained in time, or stopped
    const auto self = weak.lock();
    if (!self || !self->reading_paused_) return;
    self->drop_too_slow("did not read its output within output-timeout = " +
                        measure::format_value(self->settings_.output_timeout.count()) + " s");
  });
}

void Connection::on_read(const boost::system::error_code& error, std::size_t bytes) {
  reading_ = false;
  if (stopped_) return;
  peak_buffered_bytes_ = std::max(peak_buffered_bytes_, input_.capacity() + pending_output_bytes_);
  if (error == asio::error::not_found) {
    log_.event(LogPriority::notice, "client.oversized_request",
               {{"peer", peer_text()},
                {"limit", static_cast<std::uint64_t>(settings_.max_request_bytes)}});
    send(protocol::encode_response(protocol::error_response(
        {}, ResultCode::bad_request,
        "request line longer than " + std::to_string(settings_.max_request_bytes) +
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
  protocol::Request request;
  try {
    request = protocol::parse_request(line);
  } catch (const protocol::MalformedRequest& error) {
    reply(Dispatched{protocol::error_response(error.id(), error.code(), error.what()), std::nullopt,
                     nullptr});
    return;
  }
  // Looked up once: the entry says where the request runs and what runs it.
  const Dispatcher::Command* command = Dispatcher::find_command(request.command);
  if (pool_ != nullptr && command != nullptr && command->on_pool) {
    const protocol::RequestId id = request.id;
    DispatchContext context;
    context.peer = peer_;  // no watcher: none of the pool's commands streams
    if (pool_->submit(*command, std::move(request), std::move(context), pool_reply_sink())) {
      awaiting_pool_ = true;
    } else {
      reply(pool_busy_reply(id));
    }
    return;
  }
  DispatchContext context;
  context.peer = peer_;
  context.make_watcher = [this](const protocol::RequestId& request_id) {
    return std::make_shared<Watcher>(weak_from_this(), socket_.get_executor(), request_id);
  };
  reply(dispatcher_.dispatch(command, request, context));
}

RequestPool::Done Connection::pool_reply_sink() {
  return [weak = weak_from_this(), executor = socket_.get_executor()](Dispatched dispatched) {
    // On the worker: building the line of a big reply is part of the heavy work.
    // The connection lives on the io thread and may be gone by the time the
    // line gets there (then it is dropped).
    asio::post(executor, [weak, line = protocol::encode_response(dispatched.response),
                          result = dispatched.response.result,
                          text = std::move(dispatched.response.text)]() mutable {
      if (const auto self = weak.lock()) self->on_pool_reply(std::move(line), result, text);
    });
  };
}

Dispatched Connection::pool_busy_reply(const protocol::RequestId& id) const {
  return Dispatched{
      protocol::error_response(id, ResultCode::busy,
                               "trex-searchd is busy: " + std::to_string(pool_->max_pending()) +
                                   " requests that read the job store or TRex (show, result, "
                                   "analyze, list, delete, submit) are waiting; try again later"),
      std::nullopt, nullptr};
}

void Connection::on_pool_reply(std::string line, ResultCode result, const std::string& text) {
  awaiting_pool_ = false;
  if (stopped_) return;
  log_request(result, text);
  send(std::move(line));
  arm_idle_timer();
  read_line();
}

void Connection::log_request(ResultCode result, const std::string& text) {
  if (log_.enabled(LogPriority::debug)) {
    log_.event(LogPriority::debug, "client.request",
               {{"peer", peer_text()}, {"result", to_string(result)}, {"text", text}});
  }
}

void Connection::reply(Dispatched dispatched) {
  log_request(dispatched.response.result, dispatched.response.text);
  send(protocol::encode_response(dispatched.response));
  if (dispatched.watched_job) {
    watches_.emplace_back(*dispatched.watched_job, std::move(dispatched.watcher));
  }
}

void Connection::deliver(const protocol::RequestId& request_id, const JobEvent& event,
                         const JobWatcher* watcher) {
  if (stopped_) return;
  if (event.kind == JobEvent::Kind::trial) {
    if (!event.progress) return;
    // A watcher that reads slower than a (virtual-time) job runs would fill its
    // output cap with trial events and be closed as too slow, missing the end.
    // Each trial event carries the whole progress, so the newest supersedes the
    // ones before it: while the client is behind, trial events are skipped and
    // the next one it gets says how many (the end is never skipped).
    if (pending_output_bytes_ > settings_.max_client_output_bytes / 2) {
      ++skipped_trial_events_;
      return;
    }
  }
  const bool carries_skipped = event.kind != JobEvent::Kind::started;
  send(encode_watch_event(request_id, event, carries_skipped ? skipped_trial_events_ : 0));
  if (carries_skipped) skipped_trial_events_ = 0;
  if (event.kind == JobEvent::Kind::ended) {
    std::erase_if(watches_, [watcher](const auto& entry) { return entry.second.get() == watcher; });
    arm_idle_timer();
  }
}

void Connection::send(std::string line) {
  if (stopped_) return;
  const std::size_t size = line.size();
  pending_output_bytes_ += size;
  manager_.output_added(size);
  output_.push_back(std::move(line));
  peak_buffered_bytes_ = std::max(peak_buffered_bytes_, input_.capacity() + pending_output_bytes_);
  if (manager_.enforce_output_budget(shared_from_this())) return;  // this one was closed
  if (!writing_) write_next();
}

void Connection::write_next() {
  writing_ = true;
  const std::string& front = output_.front();
  // write_some, not write: each chunk the client takes counts as progress (idle
  // timer), and a reply bigger than the socket buffer is accounted as it drains.
  socket_.async_write_some(
      asio::buffer(front.data() + front_written_, front.size() - front_written_),
      [self = shared_from_this()](const boost::system::error_code& error, std::size_t bytes) {
        if (self->stopped_) return;
        if (error) {
          self->manager_.stop(self);
          return;
        }
        self->front_written_ += bytes;
        if (self->front_written_ == self->output_.front().size()) {
          self->output_.pop_front();
          self->front_written_ = 0;
        }
        self->on_written(bytes);
        if (self->stopped_) return;
        if (!self->output_.empty()) {
          self->write_next();
          return;
        }
        self->writing_ = false;
        if (self->closing_) self->manager_.stop(self);
      });
}

void Connection::on_written(std::size_t bytes) {
  pending_output_bytes_ -= bytes;
  manager_.output_removed(bytes);
  arm_idle_timer();  // the client reads: not idle
  if (reading_paused_ && !output_blocks_reading()) {
    reading_paused_ = false;
    output_timer_.cancel();
    read_line();
  }
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
  // Watching a job is not idle while the events flow; output that nobody has read
  // for the whole timeout is (the timer restarts whenever the client reads).
  if (writing_) {
    drop_too_slow("read none of its output for idle-timeout = " +
                  measure::format_value(settings_.idle_timeout.count()) + " s");
    return;
  }
  if (!watches_.empty() || awaiting_pool_) {
    arm_idle_timer();
    return;
  }
  log_.event(LogPriority::debug, "client.idle_timeout", {{"peer", peer_text()}});
  manager_.stop(shared_from_this());
}

}  // namespace trexsearch::service
