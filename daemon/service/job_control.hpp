#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/service/job_progress.hpp"
#include "daemon/service/job_record.hpp"
#include "daemon/service/job_spec.hpp"
#include "daemon/service/job_store_access.hpp"
#include "daemon/service/suite_spec.hpp"

namespace trexsearch::service {

/// The running job as `status` shows it.
struct RunningJobStatus {
  JobId id = 0;
  std::string name;
  std::string method;
  std::string measurer_kind;
  WallTime started_at{};
  JobProgress progress;
  bool cancel_requested = false;
};

/// The queue as `status` shows it (from memory: answering needs no disk access).
struct QueueStatus {
  std::optional<RunningJobStatus> running;
  /// In the order they will run.
  std::vector<JobId> queued;
  /// How many of them each method ("mlr", "plr") has (metrics).
  std::map<std::string, std::size_t> queued_by_method;
  std::size_t max_queued = 0;
};

/// The job store as `status` shows it.
struct StoreHealth {
  std::string file;
  /// The database and its write-ahead log now [bytes].
  std::uint64_t bytes = 0;
  /// `max-store-mib` in bytes; 0: no cap but the file system's.
  std::uint64_t max_bytes = 0;
  /// False after a write failed (disk or store full, read-only file system, I/O
  /// error) until one succeeds again.
  bool writable = true;
  /// The last failed write and when it happened; empty when none since the start.
  std::string last_error;
  std::optional<WallTime> last_error_at;
  /// `store-reserve-mib` in bytes (0: none), and whether it is in place (it is
  /// given back when the file system fills up).
  std::uint64_t reserve_bytes = 0;
  bool reserve_held = false;
};

/// A job as `show` reports it.
struct JobDetails {
  JobRecord record;
  /// The live progress while it runs.
  std::optional<JobProgress> progress;
  /// 1-based place in the queue while queued.
  std::optional<std::size_t> queue_position;
  std::vector<StoredTrial> trials;
};

/// What `submit` answers.
struct SubmitReceipt {
  JobId id = 0;
  /// 1-based place in the queue (1: next to run).
  std::size_t queue_position = 0;
};

/// What `submit_suite` answers.
struct SuiteReceipt {
  SuiteRecord suite;  ///< with its job ids, in suite order
  /// The first job's 1-based place in the queue; the others follow it.
  std::size_t queue_position = 0;
};

/// What `cancel` did.
enum class CancelOutcome {
  cancelled,  ///< it was queued; now it is cancelled
  stopping,   ///< it is running; its stop token is triggered, it ends shortly
};

/// What `watch` starts from.
struct WatchStart {
  JobRecord record;
  std::optional<JobProgress> progress;
  /// True when the job is already over (or interrupted): no events will follow.
  bool ended = false;
};

/// The job manager as the dispatcher sees it: every control-socket command that
/// touches jobs. Errors are RequestErrors carrying the reply code (not_found,
/// conflict, busy, unsupported, ...). Its JobStoreAccess side uses the io thread's
/// store connection; open_store_access() gives other threads their own.
class JobControl : public JobStoreAccess {
 public:
  ~JobControl() override = default;

  /// Stores and queues a validated job. `submitted_by` describes the peer.
  virtual SubmitReceipt submit(const JobSpec& spec, const std::string& submitted_by) = 0;
  /// Stores a suite and queues all its jobs together, or none of them (busy when
  /// the queue has no room for all). Fakes without a store answer `unsupported`.
  virtual SuiteReceipt submit_suite(const SuiteSpec& suite, const std::string& submitted_by);
  virtual QueueStatus queue_status() = 0;
  /// Only the daemon's job manager has a store to report on.
  virtual std::optional<StoreHealth> store_health() { return std::nullopt; }
  /// Throws RequestError(not_found) or (conflict) when the job is already over.
  virtual CancelOutcome cancel(JobId id, const std::string& cancelled_by) = 0;
  /// Registers `watcher` for the job's events until it ends; throws not_found.
  virtual WatchStart watch(JobId id, std::shared_ptr<JobWatcher> watcher) = 0;
  /// Removes a watcher (connection closed); unknown ones are ignored.
  virtual void unwatch(JobId id, const JobWatcher* watcher) = 0;
  /// The store commands on a connection of their own, for one worker thread of
  /// the request pool; nullptr when there is no store to open (test fakes).
  virtual std::unique_ptr<JobStoreAccess> open_store_access() { return nullptr; }
};

}  // namespace trexsearch::service
