#pragma once

// JSON-RPC reply text -> typed results. No JSON types in this header: a reply element
// is opaque outside the codec.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trex_client/api/async_event.hpp"
#include "trex_client/api/port_counters.hpp"
#include "trex_client/api/port_status.hpp"
#include "trex_client/api/system_info.hpp"
#include "trex_client/api/traffic_control.hpp"

namespace trexsearch::trex::codec {

/// What was asked, so that replies can be matched and errors can name the call.
struct SentRequest {
  std::string method;
  std::string id;
};

/// The successful result of one request, still encoded; read it with a decode_*().
class ReplyElement {
 public:
  struct Impl;

  explicit ReplyElement(std::unique_ptr<Impl> impl);
  ReplyElement(ReplyElement&&) noexcept;
  ReplyElement& operator=(ReplyElement&&) noexcept;
  ReplyElement(const ReplyElement&) = delete;
  ReplyElement& operator=(const ReplyElement&) = delete;
  ~ReplyElement();

  /// The method this is the reply to.
  const std::string& method() const;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

/// Splits and checks a reply to `sent` (one request or a batch, in order). Accepts
/// TRex's quirks: trailing newline, a bare object for a one-element batch (§1.6).
/// Throws TrexError: rpc for the first error element (with code and specific_err),
/// protocol for anything that is not a matching JSON-RPC 2.0 reply.
std::vector<ReplyElement> parse_reply(std::string_view text, std::string_view endpoint,
                                      std::span<const SentRequest> sent);

/// `api_sync_v2` -> the api handle.
std::string decode_api_handle(const ReplyElement& reply);
/// `ping` -> server time [s].
double decode_ping(const ReplyElement& reply);
/// `get_version`.
VersionInfo decode_version(const ReplyElement& reply);
/// `get_system_info`.
SystemInfo decode_system_info(const ReplyElement& reply);
/// `get_supported_cmds` -> method names.
std::vector<std::string> decode_supported_cmds(const ReplyElement& reply);
/// `get_port_status` of `port_id`.
PortStatus decode_port_status(const ReplyElement& reply, std::uint8_t port_id);
/// `acquire` -> the handler (a bare string).
std::string decode_handler(const ReplyElement& reply);
/// Commands answering `{}`; anything non-error is accepted.
void decode_done(const ReplyElement& reply);
/// `start_traffic`.
StartTrafficReply decode_start_traffic(const ReplyElement& reply);
/// `get_port_stats` of `port_id`.
PortCounters decode_port_stats(const ReplyElement& reply, std::uint8_t port_id);
/// `get_pgid_stats`: the flow_stats counters of the pg_ids TRex reported, ascending.
std::vector<PgCounters> decode_pgid_stats(const ReplyElement& reply);
/// `get_pgid_stats`: the latency part of the latency pg_ids TRex reported, ascending
/// (trex-protocol.md §2.10, trex-flowstats-latency.md §2.1). Strict and bounded:
/// at most 64 histogram buckets, an hdrh of at most 1 MiB, values in microseconds
/// below 10^12; anything else is a protocol TrexError naming the field.
std::vector<PgLatency> decode_pgid_latency(const ReplyElement& reply);
/// `get_global_stats`.
GlobalCounters decode_global_stats(const ReplyElement& reply);
/// `get_async_events`.
std::vector<AsyncEvent> decode_async_events(const ReplyElement& reply);

}  // namespace trexsearch::trex::codec
