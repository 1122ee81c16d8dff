#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "trex_client/transport/rpc_channel.hpp"

namespace zmq {
class context_t;
class socket_t;
}  // namespace zmq

namespace trexsearch::trex {

/// How the channel frames requests.
struct ZmqChannelOptions {
  /// Compress every request like TRex's Python client >= v2.42 (the server then
  /// compresses its reply too). Plain JSON is equally valid (trex-protocol.md §1.3).
  bool compress_requests = true;
  /// Largest reply accepted, as received (plain JSON or compressed frame) and after
  /// decompression [bytes]. A bigger reply is refused before it is read into memory
  /// (ZMQ_MAXMSGSIZE: ZeroMQ drops the connection instead) and the call fails with a
  /// TrexError naming the limit; TRex's largest replies are a few MB.
  std::size_t max_reply_bytes = std::size_t{16} << 20;
};

/// The RpcChannel over a ZeroMQ REQ socket to TRex's RPC port (default 4501).
/// A REQ socket whose reply got lost can never send again, so after a timeout or a
/// broken exchange the socket is closed with linger 0 and a fresh one is connected
/// on the next call (trex-protocol.md §1.8, §9.4). Waits end early, as a timeout,
/// once the calling thread's RpcStopScope is stopped (rpc_stop.hpp).
class ZmqRpcChannel final : public RpcChannel {
 public:
  /// `endpoint` like "tcp://127.0.0.1:4501". Connects lazily; throws TrexError
  /// (transport) when ZeroMQ rejects the address.
  explicit ZmqRpcChannel(std::string endpoint, ZmqChannelOptions options = {});
  ~ZmqRpcChannel() override;

  ZmqRpcChannel(const ZmqRpcChannel&) = delete;
  ZmqRpcChannel& operator=(const ZmqRpcChannel&) = delete;

  std::string exchange(std::string_view request_json, std::string_view method,
                       measure::Seconds timeout) override;
  const std::string& endpoint() const override { return endpoint_; }

  /// How many times the socket was rebuilt after a failed exchange.
  std::uint64_t socket_rebuilds() const { return rebuilds_; }

 private:
  class WaitLimit;

  void ensure_socket();
  void drop_socket();
  /// Waits for the reply; false when the limit passed. Throws TrexError when the
  /// connection drops meanwhile (the reply can never come then).
  bool wait_for_reply(WaitLimit& limit, const std::string& method);
  /// Forgets connection events from before this exchange.
  void drain_monitor();

  std::string endpoint_;
  ZmqChannelOptions options_;
  std::unique_ptr<zmq::context_t> context_;
  std::unique_ptr<zmq::socket_t> socket_;
  /// Receives the REQ socket's disconnect events (zmq_socket_monitor), which is how
  /// an oversized reply shows, besides TRex going away.
  std::unique_ptr<zmq::socket_t> monitor_;
  std::uint64_t monitors_ = 0;
  std::uint64_t rebuilds_ = 0;
  bool had_socket_ = false;
};

}  // namespace trexsearch::trex
