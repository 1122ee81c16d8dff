#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trex_client/api/astf_types.hpp"
#include "trex_client/api/trex_api.hpp"

namespace trexsearch::trex {

/// TRex's advanced stateful (ASTF) JSON-RPC methods as typed calls (trex-astf.md
/// §1.2), sent through a TrexApi: the same channel, api handle, deadlines, busy retry
/// and exchange count as the stateless calls (port and global counters, ping,
/// get_async_events are TrexApi's own and keep their shapes in ASTF mode, §1.1).
/// Every failure is a TrexError naming endpoint and method. Not thread-safe.
class AstfApi {
 public:
  explicit AstfApi(TrexApi& api) : api_(api) {}

  TrexApi& base() { return api_; }

  /// `api_sync_v2 {name: "ASTF", major: 2, minor: 3}`.
  std::string api_sync_v2();
  /// `acquire`: the whole context (every port) for `user`/`session_id`.
  AstfContext acquire(const std::string& user, std::uint32_t session_id, bool force);
  void release(const AstfContext& context);
  /// `sync`: the epoch and every profile's state.
  AstfSync sync();

  /// Uploads `json` as the profile `profile_id` with `profile_fragment`: a first
  /// fragment of 1000 characters carrying the text's `md5_hex` when more follow,
  /// then fragments of at most 500,000 (as TRex's Python client, §1.5). Returns true
  /// when TRex said it already holds this very profile (`matches_loaded`) and the
  /// rest was skipped.
  bool upload_profile(const AstfContext& context, std::string_view profile_id,
                      std::string_view json, const std::string& md5_hex);
  void profile_clear(const AstfContext& context, std::string_view profile_id);
  void start(const AstfContext& context, const AstfStartRequest& request);
  /// `stop`: TRex ignores it unless the profile transmits (§1.3).
  void stop(const AstfContext& context, std::string_view profile_id);
  void update(const AstfContext& context, std::string_view profile_id, double mult);

  std::vector<AstfCounterDesc> get_counter_desc(std::string_view profile_id);
  AstfCounterValues get_counter_values(std::string_view profile_id);
  /// `get_global_stats`, `get_port_stats` per port, `ping`, then `get_counter_values`
  /// in one batch: the port reads make TRex recompute its L7 aggregates before they
  /// are read (§1.7 "Freshness").
  AstfSnapshot read_counters(std::span<const std::uint8_t> port_ids, std::string_view profile_id);

 private:
  TrexApi& api_;
};

}  // namespace trexsearch::trex
