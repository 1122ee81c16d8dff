#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/job_state.hpp"
#include "daemon/protocol/replies/job_progress.hpp"

namespace trexsearch::protocol {

/// `status` (docs/socket-api.md): what the daemon answers from memory. Times are
/// the wire's ISO 8601 UTC strings; status_reply_codec.hpp writes and reads it.
struct StatusReply {
  /// The daemon process.
  struct Daemon {
    std::string version;
    std::int64_t pid = 0;
    std::string started_at;
    /// Seconds since the daemon started.
    double uptime_s = 0;
    std::string socket;
    std::string state_dir;
    friend bool operator==(const Daemon&, const Daemon&) = default;
  };

  /// The daemon's last known TRex link (daemon/model/trex_link.hpp).
  struct TrexLink {
    /// "idle", "connecting", "connected", "reconnecting", "failed".
    std::string state;
    bool connected = false;
    std::string endpoint;
    std::string since;
    std::optional<std::string> trex_version;
    std::optional<std::string> last_contact;
    std::optional<std::string> last_error;
    std::uint64_t recoveries = 0;
    friend bool operator==(const TrexLink&, const TrexLink&) = default;
  };

  /// The job running now.
  struct RunningJob {
    JobId id = 0;
    std::string name;
    std::string method;
    std::string measurer;
    std::string started_at;
    bool cancel_requested = false;
    /// Where the job stands, as `show` and `watch` carry it.
    JobProgress progress;
    /// Its lane: "testbed NAME", "trex ENDPOINT", "no TRex" (docs/testbeds.md);
    /// empty from a daemon that had none.
    std::string lane;
    friend bool operator==(const RunningJob&, const RunningJob&) = default;
  };

  /// The queue: the running jobs and those waiting, in the order they were queued.
  struct Queue {
    /// The job that has run longest: running_jobs' first.
    std::optional<RunningJob> running;
    /// Every running job, at most one per lane, in the order they started.
    std::vector<RunningJob> running_jobs;
    std::vector<JobId> queued;
    std::uint64_t max_queued = 0;
    friend bool operator==(const Queue&, const Queue&) = default;
  };

  /// The job store's health.
  struct Store {
    std::string file;
    /// The database and its write-ahead log [bytes], and the cap (0: none).
    std::uint64_t bytes = 0;
    std::uint64_t max_bytes = 0;
    bool writable = true;
    /// `store-reserve-mib` in bytes (0: none), and whether it is in place.
    std::uint64_t reserve_bytes = 0;
    bool reserve_held = false;
    /// The last failed write and when; absent when none since the start.
    std::optional<std::string> last_error;
    std::optional<std::string> last_error_at;
    friend bool operator==(const Store&, const Store&) = default;
  };

  /// The control server's clients and output budget [bytes].
  struct Clients {
    std::uint64_t connected = 0;
    std::uint64_t max = 0;
    std::uint64_t max_per_user = 0;
    std::uint64_t output_bytes = 0;
    std::uint64_t max_output_bytes = 0;
    std::uint64_t blocked = 0;
    friend bool operator==(const Clients&, const Clients&) = default;
  };

  /// The fleet replicator (docs/fleet.md "Watching it"); absent without `results-db`.
  struct Replication {
    /// The database without its password, and this tester's name there.
    std::string target;
    std::string tester;
    /// The last attempt reached the database.
    bool connected = false;
    /// Rows (trials, hook runs, job rows) and jobs the database lacks, as of the
    /// replicator's last look at the store.
    std::uint64_t rows_behind = 0;
    std::uint64_t jobs_behind = 0;
    std::uint64_t rows_sent = 0;
    std::uint64_t errors = 0;
    std::optional<std::string> last_success;
    std::optional<std::string> last_error;
    std::optional<std::string> last_error_at;
    friend bool operator==(const Replication&, const Replication&) = default;
  };

  /// A testbed of the daemon's config: its running job and its queue.
  struct Testbed {
    std::string name;
    std::string endpoint;
    std::string ports;
    std::optional<JobId> running;
    std::vector<JobId> queued;
    friend bool operator==(const Testbed&, const Testbed&) = default;
  };

  Daemon daemon;
  /// Absent: this daemon has no TRex configured (`{"state": "not_configured"}`).
  std::optional<TrexLink> trex;
  Queue queue;
  std::optional<Store> store;
  std::optional<Clients> clients;
  /// The config's testbeds (docs/testbeds.md); empty without testbed sections.
  std::vector<Testbed> testbeds;
  std::optional<Replication> replication;
  friend bool operator==(const StatusReply&, const StatusReply&) = default;
};

}  // namespace trexsearch::protocol
