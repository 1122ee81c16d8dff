#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "daemon/fleet/pg_connection.hpp"
#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::fleet {

// What the CLI's --db commands read from the fleet database (docs/fleet.md): the jobs
// of every tester, each as the socket's own replies would give it, so `list`, `trend`,
// `compare` and `export` work on the same typed replies whether they come from one
// daemon or from the fleet. Only SELECTs: a read-only role suffices.

/// Which jobs; every member set narrows the set (SQL on the indexed columns).
struct FleetJobQuery {
  std::optional<std::string> tester;
  std::optional<std::string> testbed;
  std::optional<std::string> name;    ///< exactly this name
  std::optional<std::string> method;  ///< "mlr", "plr", "mrr", "soak"
  std::vector<std::string> states;    ///< job states; empty: any
  /// created_at >= since, created_at < until (Unix milliseconds). The database keeps
  /// microseconds: a caller wanting the bounds to the millisecond checks them again.
  std::optional<std::int64_t> since_unix_ms;
  std::optional<std::int64_t> until_unix_ms;
  /// false: by tester, then job id (oldest first per tester); true: newest first
  /// across the fleet (`list`).
  bool newest_first = false;
  std::optional<std::size_t> limit;
};

/// One job of the fleet: the tester it ran on and its JOB object.
struct FleetJob {
  std::string tester;
  protocol::JobSummary job;
};

/// One job's stored documents: `show`'s (the job as it is) and `result`'s, when it has
/// a result.
struct FleetStoredJob {
  std::int64_t id = 0;
  protocol::ShowReply shown;
  std::optional<protocol::ResultReply> result;
};

/// A stored document the protocol's codecs cannot read: the message names the
/// tester, the job, the column and the codec's reason.
class FleetDataError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Reads through one connection, owned by the caller. Every call throws PgError /
/// PgTimeout from the server, and FleetDataError.
class FleetReader {
 public:
  explicit FleetReader(PgConnection& connection, std::stop_token stop = {})
      : connection_(connection), stop_(std::move(stop)) {}

  /// Connects and checks the schema version (require_schema_version).
  void check_schema();

  std::vector<FleetJob> jobs(const FleetJobQuery& query);

  /// `show`'s reply for the job, with its trials (ordered by number) and hook runs
  /// (by seq) when asked; nullopt when the fleet has no such job.
  std::optional<protocol::ShowReply> show(const std::string& tester, std::int64_t job,
                                          bool with_trials, bool with_hooks);

  /// nullopt: no such job; an empty inner optional: the job has no result.
  std::optional<std::optional<protocol::ResultReply>> result(const std::string& tester,
                                                             std::int64_t job);

  /// The jobs of one tester among `jobs` that the fleet has, each with its result,
  /// in one query (trend reads hundreds).
  std::vector<FleetStoredJob> stored(const std::string& tester,
                                     const std::vector<std::int64_t>& jobs);

 private:
  PgConnection& connection_;
  std::stop_token stop_;
};

}  // namespace trexsearch::fleet
