#include "trex_client/transport/zmq_rpc_channel.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <zmq.hpp>

#include "search/errors.hpp"
#include "trex_client/transport/frame.hpp"
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

// Waits until the socket is ready for `events` or the deadline passes.
bool wait_for(zmq::socket_t& socket, short events, SteadyClock::time_point deadline) {
  zmq_pollitem_t item{};
  item.socket = socket.handle();
  item.events = events;
  for (;;) {
    const long timeout = remaining_ms(deadline);
    const int rc = zmq_poll(&item, 1, timeout);
    if (rc < 0) {
      if (zmq_errno() == EINTR) continue;
      throw zmq::error_t();
    }
    if (rc > 0 && (item.revents & events) != 0) return true;
    if (timeout == 0) return false;
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
  // blocks on unsent messages.
  socket_.reset();
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
    socket->connect(endpoint_);
    socket_ = std::move(socket);
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
  socket_.reset();
}

std::string ZmqRpcChannel::exchange(std::string_view request_json, std::string_view method,
                                    Seconds timeout) {
  const std::string method_name(method);
  if (!std::isfinite(timeout.count()) || timeout.count() <= 0.0) {
    throw ConfigError("rpc timeout", format_value(timeout.count()), "must be > 0 [s]");
  }
  if (request_json.size() > max_rpc_message_bytes) {
    throw TrexError(TrexErrorKind::protocol, endpoint_, method_name,
                    "request of " + std::to_string(request_json.size()) +
                        " bytes exceeds TRex's limit of " + std::to_string(max_rpc_message_bytes) +
                        " bytes; split the batch");
  }
  const std::string payload =
      options_.compress_requests ? compress_frame(request_json) : std::string(request_json);
  if (payload.size() > max_rpc_message_bytes) {
    throw TrexError(TrexErrorKind::protocol, endpoint_, method_name,
                    "framed request of " + std::to_string(payload.size()) +
                        " bytes exceeds TRex's limit of " + std::to_string(max_rpc_message_bytes) +
                        " bytes; split the batch");
  }

  const auto deadline =
      SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(timeout);
  ensure_socket();
  zmq::message_t reply;
  try {
    if (!wait_for(*socket_, ZMQ_POLLOUT, deadline) ||
        !socket_->send(zmq::buffer(payload), zmq::send_flags::dontwait)) {
      drop_socket();
      throw TrexError(TrexErrorKind::transport, endpoint_, method_name,
                      "timed out after " + format_value(timeout.count()) + " s sending the request",
                      std::nullopt, {}, true);
    }
    if (!wait_for(*socket_, ZMQ_POLLIN, deadline) ||
        !socket_->recv(reply, zmq::recv_flags::dontwait)) {
      drop_socket();
      throw TrexError(TrexErrorKind::transport, endpoint_, method_name,
                      "no reply within " + format_value(timeout.count()) + " s", std::nullopt, {},
                      true);
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

  std::string_view bytes(static_cast<const char*>(reply.data()), reply.size());
  if (!is_compressed_frame(bytes)) return std::string(bytes);
  try {
    return decompress_frame(bytes);
  } catch (const FrameError& error) {
    throw TrexError(TrexErrorKind::protocol, endpoint_, method_name,
                    std::string("bad compressed reply: ") + error.what());
  }
}

}  // namespace trexsearch::trex
