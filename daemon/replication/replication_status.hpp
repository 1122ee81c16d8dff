#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "daemon/model/job_record.hpp"
#include "daemon/protocol/replies/status_reply.hpp"

namespace trexsearch::service {

/// The replicator's state for `status` and the metrics (docs/fleet.md "Watching it").
struct ReplicationStatus {
  bool enabled = false;
  /// The database, as redacted_conninfo shows it (no password).
  std::string target;
  std::string tester;
  /// The last pass reached the database.
  bool connected = false;
  /// Rows the fleet database lacks (trials, hook runs, job rows) as of the last
  /// look at the store; a lower bound when more jobs are behind than one pass reads.
  std::uint64_t rows_behind = 0;
  std::uint64_t jobs_behind = 0;
  std::uint64_t rows_sent = 0;
  std::uint64_t errors = 0;
  std::optional<WallTime> last_success;
  /// The last failure (password-free) and when; kept after a later success.
  std::string last_error;
  std::optional<WallTime> last_error_at;
};

/// As `status` shows it.
protocol::StatusReply::Replication status_reply_of(const ReplicationStatus& status);

}  // namespace trexsearch::service
