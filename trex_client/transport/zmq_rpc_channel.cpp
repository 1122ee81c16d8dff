#include "trex_client/transport/zmq_rpc_channel.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <zmq.hpp>

#include "measure/errors.hpp"
#include "trex_client/transport/frame.hpp"
#include "trex_client/transport/rpc_stop.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {
namespace {

using SteadyClock = std::chrono::steady_clock;

// Milliseconds left until `deadline`, rounded up so a sub-millisecond remainder still
// waits instead of spinning; 0 once it has passed.
long remaining_ms(SteadyClock::time_point deadline) {
  const auto left = deadline - SteadyClock::now();
  if (left <= SteadyClock::duration::zero()) return 0;
  return static_cast<long>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
}

// How often a wait looks at the thread's RPC stop (RpcStopScope).
constexpr long kStopCheckMs = 20;

}  // namespace

/// The end of one exchange's waits: its own deadline, or earlier once the thread's
/// RPC stop is requested (rpc_stop.hpp).
class ZmqRpcChannel::WaitLimit {
 public:
  explicit WaitLimit(SteadyClock::time_point deadline)
      : deadline_(deadline), scope_(RpcStopScope::current()) {}

  /// zmq_poll timeout for the next slice [ms]: to the end, checking the stop often.
  long next_poll_ms() {
    const long left = remaining_ms(end());
    return scope_ != nullptr && scope_->stop_possible() && !stopped_ ? std::min(left, kStopCheckMs)
                                                                     : left;
  }
  bool passed() { return SteadyClock::now() >= end(); }
  /// Whether the stop, not the exchange's own timeout, ended (or will end) the wait.
  bool stopped() const { return stopped_; }

 private:
  SteadyClock::time_point end() {
    if (scope_ != nullptr) {
      if (const auto give_up = scope_->give_up_at(); give_up && *give_up < deadline_) {
        stopped_ = true;
        return *give_up;
      }
    }
    return deadline_;
  }

  SteadyClock::time_point deadline_;
  RpcStopScope* scope_;
  bool stopped_ = false;
};

namespace {

// Waits until the socket is ready for `events` or the limit passes.
template <typename Limit>
bool wait_for(zmq::socket_t& socket, short events, Limit& limit) {
  zmq_pollitem_t item{};
  item.socket = socket.handle();
  item.events = events;
  for (;;) {
    const int rc = zmq_poll(&item, 1, limit.next_poll_ms());
    if (rc < 0) {
      if (zmq_errno() == EINTR) continue;
      throw zmq::error_t();
    }
    if (rc > 0 && (item.revents & events) != 0) return true;
    if (limit.passed()) return false;
  }
}

}  // namespace

ZmqRpcChannel::ZmqRpcChannel(std::string endpoint, ZmqChannelOptions options)
    : endpoint_(std::move(endpoint)),
      options_(options),
      context_(std::make_unique<zmq::context_t>(1)) {
  // Connect now so that a malformed address fails here, not on the first call.
  ensure_socket();
}

ZmqRpcChannel::~ZmqRpcChannel() {
  // Linger 0 is set on the socket, so neither close nor the context's destructor
  // blocks on unsent messages. Every socket must be closed before the context.
  drop_socket();
  context_.reset();
}

void ZmqRpcChannel::ensure_socket() {
  if (socket_) return;
  try {
    auto socket = std::make_unique<zmq::socket_t>(*context_, zmq::socket_type::req);
    socket->set(zmq::sockopt::linger, 0);
    // Same reconnect and heartbeat behaviour as TRex's Python client (§1.7).
    socket->set(zmq::sockopt::reconnect_ivl, 20);
    socket->set(zmq::sockopt::reconnect_ivl_max, 500);
    socket->set(zmq::sockopt::heartbeat_ivl, 5000);
    socket->set(zmq::sockopt::heartbeat_timeout, 60000);
    // Never read a reply larger than the limit into memory (a 600 MB reply once
    // took 1.73 GB); ZeroMQ drops the connection instead, which the monitor sees.
    socket->set(zmq::sockopt::maxmsgsize, static_cast<std::int64_t>(options_.max_reply_bytes));
    // One monitor per socket (inproc names are per context, so numbered).
    const std::string monitor_address = "inproc://trex-rpc-monitor-" + std::to_string(monitors_++);
    if (zmq_socket_monitor(socket->handle(), monitor_address.c_str(), ZMQ_EVENT_DISCONNECTED) !=
        0) {
      throw zmq::error_t();
    }
    auto monitor = std::make_unique<zmq::socket_t>(*context_, zmq::socket_type::pair);
    monitor->set(zmq::sockopt::linger, 0);
    monitor->connect(monitor_address);
    socket->connect(endpoint_);
    socket_ = std::move(socket);
    monitor_ = std::move(monitor);
  } catch (const zmq::error_t& error) {
    throw TrexError(TrexErrorKind::transport, endpoint_, "connect",
                    std::string("cannot connect a ZeroMQ REQ socket: ") + error.what());
  }
  if (had_socket_) ++rebuilds_;
  had_socket_ = true;
}

void ZmqRpcChannel::drop_socket() {
  // A REQ socket that sent without receiving can never send again; throw it away
  // (linger 0 discards the pending request) and build a new one on the next call.
  if (socket_) zmq_socket_monitor(socket_->handle(), nullptr, 0);
  monitor_.reset();
  socket_.reset();
}

void ZmqRpcChannel::drain_monitor() {
  zmq::message_t event;
  while (monitor_->recv(event, zmq::recv_flags::dontwait)) {
  }
}

bool ZmqRpcChannel::wait_for_reply(WaitLimit& limit, const std::string& method) {
  zmq_pollitem_t items[2]{};
  items[0].socket = socket_->handle();
  items[0].events = ZMQ_POLLIN;
  items[1].socket = monitor_->handle();
  items[1].events = ZMQ_POLLIN;
  for (;;) {
    const int rc = zmq_poll(items, 2, limit.next_poll_ms());
    if (rc < 0) {
      if (zmq_errno() == EINTR) continue;
      throw zmq::error_t();
    }
    if ((items[0].revents & ZMQ_POLLIN) != 0) return true;
    if ((items[1].revents & ZMQ_POLLIN) != 0) {
      // A monitor event is two frames: event id and value, then the endpoint.
      zmq::message_t event;
      zmq::message_t address;
      (void)monitor_->recv(event, zmq::recv_flags::dontwait);
      if (event.more()) (void)monitor_->recv(address, zmq::recv_flags::dontwait);
      std::uint16_t id = 0;
      if (event.size() >= sizeof id) std::memcpy(&id, event.data(), sizeof id);
      if (id == ZMQ_EVENT_DISCONNECTED) {
        drop_socket();
        throw TrexError(TrexErrorKind::transport, endpoint_, method,
                        "the connection closed before the reply arrived: TRex went away, or its "
                        "reply was larger than the limit of " +
                            std::to_string(options_.max_reply_bytes) + " bytes (max_reply_bytes)");
      }
    }
    if (limit.passed()) return false;
  }
}

namespace {

/// The request as it goes on the wire (compressed when the options say so), within
/// TRex's message limit before and after framing; the timeout checked too.
std::string framed_request(std::string_view request_json, const std::string& endpoint,
                           const std::string& method_name, const ZmqChannelOptions& options,
                           measure::Seconds timeout) {
  if (!std::isfinite(timeout.count()) || timeout.count() <= 0.0) {
    throw measure::ConfigError("rpc timeout", measure::format_value(timeout.count()),
                               "must be > 0 [s]");
  }
  if (request_json.size() > max_rpc_message_bytes) {
    throw TrexError(TrexErrorKind::protocol, endpoint, method_name,
                    "request of " + std::to_string(request_json.size()) +
                        " bytes exceeds TRex's limit of " + std::to_string(max_rpc_message_bytes) +
                        " bytes; split the batch");
  }
  std::string payload =
      options.compress_requests ? compress_frame(request_json) : std::string(request_json);
  if (payload.size() > max_rpc_message_bytes) {
    throw TrexError(TrexErrorKind::protocol, endpoint, method_name,
                    "framed request of " + std::to_string(payload.size()) +
                        " bytes exceeds TRex's limit of " + std::to_string(max_rpc_message_bytes) +
                        " bytes; split the batch");
  }
  return payload;
}

/// The reply's JSON text, decompressed when TRex compressed it.
std::string reply_text(const zmq::message_t& reply, const std::string& endpoint,
                       const std::string& method_name, const ZmqChannelOptions& options) {
  std::string_view bytes(static_cast<const char*>(reply.data()), reply.size());
  if (!is_compressed_frame(bytes)) return std::string(bytes);
  try {
    return decompress_frame(bytes, options.max_reply_bytes);
  } catch (const FrameError& error) {
    throw TrexError(TrexErrorKind::protocol, endpoint, method_name,
                    std::string("bad compressed reply: ") + error.what());
  }
}

}  // namespace

std::string ZmqRpcChannel::exchange(std::string_view request_json, std::string_view method,
                                    measure::Seconds timeout) {
  const std::string method_name(method);
  const std::string payload =
      framed_request(request_json, endpoint_, method_name, options_, timeout);

  WaitLimit limit(SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(timeout));
  // What a wait that ran out says: the RPC timeout, or the stop of the job.
  const auto gave_up = [&](const std::string& waiting_for) {
    drop_socket();
    return TrexError(
        TrexErrorKind::transport, endpoint_, method_name,
        limit.stopped()
            ? "gave up waiting for " + waiting_for + ": the job was asked to stop"
            : "no " + waiting_for + " within " + measure::format_value(timeout.count()) + " s",
        std::nullopt, {}, true);
  };
  ensure_socket();
  zmq::message_t reply;
  try {
    drain_monitor();
    if (!wait_for(*socket_, ZMQ_POLLOUT, limit) ||
        !socket_->send(zmq::buffer(payload), zmq::send_flags::dontwait)) {
      throw gave_up("room to send the request");
    }
    if (!wait_for_reply(limit, method_name) || !socket_->recv(reply, zmq::recv_flags::dontwait)) {
      throw gave_up("reply");
    }
    if (reply.more()) {
      // TRex never sends multipart replies; drain so the socket stays in step.
      zmq::message_t rest;
      while (reply.more() && socket_->recv(rest, zmq::recv_flags::dontwait)) {
        if (!rest.more()) break;
      }
      drop_socket();
      throw TrexError(TrexErrorKind::protocol, endpoint_, method_name,
                      "multipart reply (TRex replies are single-part)");
    }
  } catch (const zmq::error_t& error) {
    drop_socket();
    throw TrexError(TrexErrorKind::transport, endpoint_, method_name,
                    std::string("ZeroMQ error: ") + error.what());
  }
  return reply_text(reply, endpoint_, method_name, options_);
}

}  // namespace trexsearch::trex
