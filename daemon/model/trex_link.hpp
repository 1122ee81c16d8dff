#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// Where the daemon's link to TRex stands, as `status` reports it.
enum class TrexLinkState {
  idle,          ///< no job holds a TRex session now (the daemon connects per job)
  connecting,    ///< a job is connecting, acquiring ports, loading streams
  connected,     ///< a job holds the session and its ports
  reconnecting,  ///< a job lost TRex and retries within trex-reconnect-grace
  failed,        ///< the last job gave up on TRex (see last_error); none uses it now
};

std::string_view to_string(TrexLinkState state);

/// A copy of the link's state at one moment.
struct TrexLinkSnapshot {
  TrexLinkState state = TrexLinkState::idle;
  /// The endpoint in use, or the daemon's `trex-endpoint` when idle.
  std::string endpoint;
  /// Since when the link has been in `state`.
  WallTime since{};
  /// TRex's version as of the last successful connection ("v3.04").
  std::string trex_version;
  /// When TRex last answered (connect or a completed trial); absent if never.
  std::optional<WallTime> last_contact;
  /// The reason of the last failure or retry; empty when none since the last success.
  std::string last_error;
  /// Times a job re-established its TRex session (TRex restarted or the
  /// connection was lost) since the daemon started.
  std::uint64_t recoveries = 0;
};

/// The daemon's last known TRex link state, written by `trex` job measurers (on the
/// runner thread) and read by `status` (on the io thread). The daemon does not
/// probe TRex on its own: between jobs TRex belongs to whoever else may use it,
/// and a probe would need a connection the operator did not ask for.
class TrexLink {
 public:
  explicit TrexLink(std::string default_endpoint);

  /// `trex-endpoint` changed (SIGHUP): what an idle link reports.
  void set_default_endpoint(std::string endpoint);

  void connecting(const std::string& endpoint);
  void connected(const std::string& trex_version);
  /// A completed trial: TRex answered, after `recoveries` reconnections (TRex
  /// restarted or the connection was lost) since the previous trial.
  void contact(std::uint64_t recoveries = 0);
  void retrying(const std::string& reason);
  /// The job gave up on TRex (grace over, or an error no reconnect can fix).
  void failed(const std::string& reason);
  /// The job's session ended (finished, cancelled, SIGTERM): ports released.
  void released();

  TrexLinkSnapshot snapshot() const;

 private:
  void enter(TrexLinkState state);

  mutable std::mutex mutex_;
  std::string default_endpoint_;
  TrexLinkSnapshot link_;
};

}  // namespace trexsearch::service
