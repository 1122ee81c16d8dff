#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "measure/units.hpp"
#include "trex_client/api/async_event.hpp"
#include "trex_client/api/owned_port.hpp"
#include "trex_client/api/port_counters.hpp"
#include "trex_client/api/port_status.hpp"
#include "trex_client/api/stream_spec.hpp"
#include "trex_client/api/system_info.hpp"
#include "trex_client/api/traffic_control.hpp"
#include "trex_client/transport/rpc_channel.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {

/// A stream with the id to add it under.
struct NumberedStream {
  std::uint32_t stream_id = 0;
  StreamSpec stream;
};

/// One port to start, with its parameters (for batched starts).
struct PortStart {
  OwnedPort port;
  StartTrafficRequest request;
};

/// TRex's stateless JSON-RPC API as typed calls: structs in, structs out, one
/// request (or one batch) per call. Keeps the api handle from api_sync_v2 and adds it
/// to every later request. Every failure is a TrexError naming endpoint and method.
/// Not thread-safe: one owner, like the channel below it.
class TrexApi {
 public:
  /// Per-call deadline used when none is set; TRex's Python client uses 3 s.
  static constexpr measure::Seconds default_timeout{3.0};

  explicit TrexApi(std::unique_ptr<RpcChannel> channel, measure::Seconds timeout = default_timeout);

  const std::string& endpoint() const { return channel_->endpoint(); }
  /// The deadline of each call (each batch counts as one call).
  measure::Seconds timeout() const { return timeout_; }
  /// Throws ConfigError unless finite and > 0.
  void set_timeout(measure::Seconds timeout);

  /// The api handle of the last successful api_sync_v2 (empty before).
  const std::string& api_handle() const { return api_h_; }

  /// `api_sync_v2`: checks the API version and stores the returned handle.
  std::string api_sync_v2(const ApiVersion& version = {});
  /// `ping`: server time since TRex started [s].
  double ping();
  VersionInfo get_version();
  SystemInfo get_system_info();
  std::vector<std::string> get_supported_cmds();

  PortStatus get_port_status(std::uint8_t port_id);
  /// `get_port_status` for several ports in one batch, in the given order.
  std::vector<PortStatus> get_port_statuses(std::span<const std::uint8_t> port_ids);

  /// `acquire` -> the port with its new (or, for the same user and session, existing)
  /// handler.
  OwnedPort acquire(const AcquireRequest& request);
  void release(const OwnedPort& port);
  /// `service`: turns service mode on or off.
  void set_service_mode(const OwnedPort& port, bool enabled);

  /// `profile_id` "*" removes the streams of every profile of the port.
  void remove_all_streams(const OwnedPort& port, std::string_view profile_id = "_");
  void add_stream(const OwnedPort& port, std::uint32_t stream_id, const StreamSpec& stream,
                  std::string_view profile_id = "_");
  /// Adds streams in batches of at most ~500 kB of JSON each (like the Python client),
  /// so that no message exceeds TRex's 999,999-byte limit. TRex creates the profile
  /// `profile_id` with its first stream.
  void add_streams(const OwnedPort& port, std::span<const NumberedStream> streams,
                   std::string_view profile_id = "_");

  StartTrafficReply start_traffic(const OwnedPort& port, const StartTrafficRequest& request);
  /// Starts several ports with one batch request, so they start as close together as
  /// the server allows; replies in the given order.
  std::vector<StartTrafficReply> start_traffic(std::span<const PortStart> starts);
  /// remove_rx_filters of `release` (profile "_") then the starts, in one batch: the
  /// previous trial's RX rules are detached without an exchange of their own. A `ping`
  /// closes the batch, so every reply knows when TRex went on past its start
  /// (`next_server_ts`).
  std::vector<StartTrafficReply> start_traffic(std::span<const PortStart> starts,
                                               std::span<const OwnedPort> release);
  void stop_traffic(const OwnedPort& port);
  /// Stops the profile `profile_id` ("*": every profile) of several ports with one
  /// batch request.
  void stop_traffic(std::span<const OwnedPort> ports, std::string_view profile_id = "_");

  /// `remove_rx_filters` for several ports in one batch: detaches the flow_stats
  /// RX rules of their streams. TRex counts a pg_id's received frames again only
  /// after this (its Python client calls it after every run), so call it once the
  /// trial's last frames have arrived.
  void remove_rx_filters(std::span<const OwnedPort> ports, std::string_view profile_id = "_");

  PortCounters get_port_stats(std::uint8_t port_id);
  GlobalCounters get_global_stats();
  /// `get_global_stats`, `get_port_stats` for each port, `ping` (TRex's clock) and
  /// (when `pg_ids` is not empty) `get_pgid_stats` in one batch: one consistent
  /// read, as a trial's baseline or final snapshot needs.
  StatsSnapshot get_stats(std::span<const std::uint8_t> port_ids,
                          std::span<const std::uint32_t> pg_ids = {});
  /// stop_traffic of `stop` (profile `profile_id`) then get_stats, in one batch that
  /// TRex runs in order: the stop's DP barrier means nothing is sent after the read.
  /// When TRex answers a read "Try again later" (the stops ran), the counters are
  /// read again on their own (get_stats, with its busy retry).
  StatsSnapshot stop_and_get_stats(std::span<const OwnedPort> stop, std::string_view profile_id,
                                   std::span<const std::uint8_t> port_ids,
                                   std::span<const std::uint32_t> pg_ids);

  /// `get_async_events`: drains the session's event queue.
  std::vector<AsyncEvent> get_async_events(std::uint32_t session_id);

  /// Requests sent so far (a batch counts once): for overhead accounting.
  std::uint64_t exchanges() const { return exchanges_; }
  /// Exchanges sent again because TRex answered "Try again later" (-32001).
  std::uint64_t busy_retries() const { return busy_retries_; }

 private:
  // The ASTF methods (astf_api.hpp) are sent through this API's exchange, handle and
  // counters, so both modes share one busy-retry rule and one exchange count.
  friend class AstfApi;
  struct Batch;
  std::string next_id();
  /// Sends a prepared batch (or single request) and checks the reply's shape.
  void send(Batch& batch);
  void add_stats_requests(Batch& batch, std::span<const std::uint8_t> port_ids,
                          std::span<const std::uint32_t> pg_ids);
  /// Decodes what add_stats_requests added from reply `first` on, up to reply `end`
  /// (exclusive; other replies may follow).
  static StatsSnapshot decode_stats(const Batch& batch, std::size_t first,
                                    std::span<const std::uint8_t> port_ids,
                                    std::size_t end = static_cast<std::size_t>(-1));

  std::unique_ptr<RpcChannel> channel_;
  measure::Seconds timeout_;
  std::string api_h_;
  std::uint64_t next_id_ = 0;
  std::uint64_t exchanges_ = 0;
  std::uint64_t busy_retries_ = 0;
};

}  // namespace trexsearch::trex
