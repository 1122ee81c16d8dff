#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace trexsearch::service {

/// The fleet replicator's settings (docs/fleet.md "Set-up"): `results-db` and
/// `tester-id` from the config, the rest fixed defaults the tests may shorten.
struct ReplicationSettings {
  /// libpq connection string, URL or service name; empty: replication is off.
  std::string conninfo;
  /// This tester's name in the fleet database (default: the host name).
  std::string tester;
  std::string daemon_version;
  /// Bound of one connect or statement: a server that does not answer within it is
  /// given up on (the connection closed, retried after the backoff).
  std::chrono::milliseconds timeout{10000};
  /// How often the store is looked at for new rows when there was nothing to send.
  std::chrono::milliseconds poll_interval{1000};
  /// Backoff after a failure: from the first, doubled up to the last.
  std::chrono::milliseconds backoff_first{1000};
  std::chrono::milliseconds backoff_max{60000};
  /// Rows per transaction: bounds the memory and the time one write holds.
  std::size_t trials_per_write = 500;
  std::size_t hook_runs_per_write = 50;
  /// Jobs looked at per pass.
  std::size_t jobs_per_pass = 256;
  /// How often the tester's row (its last contact) is refreshed while idle.
  std::chrono::milliseconds heartbeat{60000};

  bool enabled() const { return !conninfo.empty(); }
};

}  // namespace trexsearch::service
