#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "trex_client/api/trex_api.hpp"
#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/session/outage_deadline.hpp"
#include "trex_client/session/recovering_session.hpp"
#include "trex_client/session/retries_exhausted.hpp"
#include "trex_client/session/retry_decision.hpp"
#include "trex_client/session/session_config.hpp"
#include "trex_client/session/wait_clock.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {

/// A TRex session that survives TRex restarts: it keeps the api handle, owns its
/// ports and remembers the streams it loaded, so that after "API verification failed"
/// (TRex restarted), a lost reply or a broken exchange it can re-sync, re-acquire its
/// ports and re-add its streams (recover()). Every RPC goes through the session's
/// OutageDeadline (deadline_channel.hpp), so no request waits past the deadline of
/// an outage, whoever retries, and the waits between reconnect attempts are
/// retry_until_done()'s alone: one policy decides each. Not thread-safe: one owner.
class TrexSession final : public RecoveringSession {
 public:
  /// Throws ConfigError for an invalid configuration. Does not talk to TRex yet.
  TrexSession(std::unique_ptr<RpcChannel> channel, SessionConfig config);
  /// Stops traffic and releases the ports, ignoring failures (best effort, short
  /// deadline): a session must not keep ports after its owner is gone.
  ~TrexSession() override;
  TrexSession(const TrexSession&) = delete;
  TrexSession& operator=(const TrexSession&) = delete;
  TrexSession(TrexSession&&) = delete;
  TrexSession& operator=(TrexSession&&) = delete;

  /// api_sync_v2, acquire every port (force as configured), service mode off, stop
  /// leftover traffic and remove leftover streams; ends any outage. Throws TrexError.
  void connect();
  /// Replaces the streams of the given ports' TRex profiles (remove_all_streams +
  /// add_streams, per PortStreams::profile_id) and remembers them for recovery.
  /// Throws TrexError, or LatencyUnsupported when TRex refuses a latency stream
  /// (latency_support.hpp; check the ports' `latency` capability before).
  void load_streams(const std::vector<PortStreams>& streams);
  /// Stops traffic and releases all ports. Throws TrexError.
  void close();

  /// The owned port `port_id` (with its handler); throws ConfigError if not owned.
  const OwnedPort& port(std::uint8_t port_id) const;
  bool connected() const { return connected_; }
  /// Whether a loaded stream of the port takes its destination MAC from the port's
  /// configuration (not from its packet): TRex then needs the port resolved.
  bool needs_port_destination(std::uint8_t port_id) const;

  /// Re-sync, re-acquire and re-add the remembered streams (stopping any traffic
  /// left running); one attempt, ending the outage when it succeeds. Throws
  /// TrexError when TRex cannot be reached (at once once the outage's deadline has
  /// passed) or refuses (e.g. a port taken by another user without force_acquire).
  void recover(const TrexError& cause) override;

 private:
  void sync_and_acquire();
  /// add_streams of one TRex profile, numbered from 1; a refused latency stream
  /// becomes LatencyUnsupported.
  void add_profile_streams(std::uint8_t port_id, const std::string& profile_id,
                           const std::vector<StreamSpec>& streams);

  std::map<std::uint8_t, OwnedPort> owned_;
  /// (port, TRex profile id) -> its streams, for recovery.
  std::map<std::pair<std::uint8_t, std::string>, std::vector<StreamSpec>> streams_;
  bool connected_ = false;
};

}  // namespace trexsearch::trex
