#pragma once

// Typed requests -> JSON-RPC 2.0 text. No JSON types appear in this header: the API
// layer hands in structs and gets text back (trex-protocol.md §1.5).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "trex_client/api/owned_port.hpp"
#include "trex_client/api/stream_spec.hpp"
#include "trex_client/api/system_info.hpp"
#include "trex_client/api/traffic_control.hpp"

namespace trexsearch::trex::codec {

/// What every request carries besides the method's own parameters.
struct RequestHead {
  /// JSON-RPC id, echoed by the server.
  std::string id;
  /// The api handle from api_sync_v2; empty to leave it out (api_sync_v2 itself).
  std::string api_h;
};

/// `api_sync_v2 {name, major, minor}`.
std::string encode_api_sync_v2(const RequestHead& head, const ApiVersion& version);

/// A method whose params are just `{api_h}`: ping, get_version, get_system_info,
/// get_supported_cmds, get_global_stats.
std::string encode_plain(const RequestHead& head, std::string_view method);

/// `get_pgid_stats {pgids: [...]}` (at most 1152 ids per call).
std::string encode_get_pgid_stats(const RequestHead& head, std::span<const std::uint32_t> pgids);

/// `get_port_status {port_id, block: false}` (block false: never wait on the RX core).
std::string encode_get_port_status(const RequestHead& head, std::uint8_t port_id);

/// `get_port_stats {port_id}`.
std::string encode_get_port_stats(const RequestHead& head, std::uint8_t port_id);

/// `acquire {port_id, user, session_id, force}`.
std::string encode_acquire(const RequestHead& head, const AcquireRequest& request);

/// An owned command whose params are `{port_id, handler, profile_id}`: release,
/// remove_all_streams, stop_traffic, remove_rx_filters. `profile_id` "*" means every
/// profile where TRex allows it (stop_traffic, remove_all_streams; §2.7).
std::string encode_owned(const RequestHead& head, std::string_view method, const OwnedPort& port,
                         std::string_view profile_id = "_");

/// `service {port_id, handler, enabled, filtered: false}`.
std::string encode_service(const RequestHead& head, const OwnedPort& port, bool enabled);

/// `add_stream {port_id, handler, profile_id, stream_id, stream}`.
std::string encode_add_stream(const RequestHead& head, const OwnedPort& port,
                              std::uint32_t stream_id, const StreamSpec& stream,
                              std::string_view profile_id = "_");

/// `start_traffic {port_id, handler, profile_id, mul, duration, force[, core_mask]}`.
std::string encode_start_traffic(const RequestHead& head, const OwnedPort& port,
                                 const StartTrafficRequest& request);

/// `get_async_events {session_id}`.
std::string encode_get_async_events(const RequestHead& head, std::uint32_t session_id);

/// Several encoded requests as one batch (a JSON array), executed in order (§1.6).
std::string encode_batch(std::span<const std::string> requests);

}  // namespace trexsearch::trex::codec
