#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "trex_client/api/astf_api.hpp"
#include "trex_client/session/recovering_session.hpp"

namespace trexsearch::trex {

/// A profile as the session uploads it: the exact JSON text and its MD5.
struct AstfUpload {
  std::string json;
  std::string md5_hex;
};

/// A TRex session in advanced stateful mode (trex-astf.md §1): ASTF's API version,
/// the whole context acquired at once, one profile uploaded in fragments. Survives
/// TRex restarts as the stateless session does (RecoveringSession): recover()
/// re-syncs, re-acquires the context and uploads the profile again. `config.ports`
/// are the ports whose counters trials read (the context owns every port anyway).
/// Not thread-safe: one owner.
class AstfSession final : public RecoveringSession {
 public:
  /// Throws ConfigError for an invalid configuration. Does not talk to TRex yet.
  AstfSession(std::unique_ptr<RpcChannel> channel, SessionConfig config);
  /// Stops traffic and releases the context, ignoring failures (best effort, short
  /// deadline).
  ~AstfSession() override;
  AstfSession(const AstfSession&) = delete;
  AstfSession& operator=(const AstfSession&) = delete;
  AstfSession(AstfSession&&) = delete;
  AstfSession& operator=(AstfSession&&) = delete;

  /// api_sync_v2 as ASTF 2.3 (a TRex in stateless mode is a clear error saying so),
  /// acquire the context (force as configured), stop leftover traffic and clear the
  /// profile; ends any outage. Throws TrexError.
  void connect();
  /// Uploads the profile (remembered for recovery). Throws TrexError.
  void load_profile(AstfUpload profile);
  /// Stops traffic and releases the context. Throws TrexError.
  void close();
  void recover(const TrexError& cause) override;

  AstfApi& astf() { return astf_; }
  const AstfContext& context() const { return context_; }
  bool connected() const { return connected_; }
  /// TRex's counter descriptions (read once per connection: ids are positional and
  /// may differ between TRex versions).
  const std::vector<AstfCounterDesc>& counter_desc();

  /// Polls `sync` (every 1 ms, backing off to 20 ms) until `done` says so or `bound`
  /// of real time passes; the last state read, or nothing when the bound passed.
  /// Throws MeasurementCancelled when `stop` is requested.
  std::optional<AstfSync> poll_until(const std::function<bool(const AstfSync&)>& done,
                                     measure::Seconds bound, std::stop_token stop);
  /// The error text of the last "profile state changed" event TRex queued for this
  /// session (a start TRex refused while parsing or building: trex-astf.md §1.3);
  /// empty when there is none. Drains the session's event queue.
  std::string take_profile_error();

 private:
  void sync_and_acquire();
  /// Brings the default profile to IDLE: stops traffic left running, clears it.
  void reset_profile();

  AstfApi astf_;
  AstfContext context_;
  std::optional<AstfUpload> profile_;
  std::vector<AstfCounterDesc> desc_;
  bool connected_ = false;
};

}  // namespace trexsearch::trex
