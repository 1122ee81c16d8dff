#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "daemon/latency/latency_point.hpp"
#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/hook_run.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/model/job_spec.hpp"
#include "daemon/model/replication_mark.hpp"
#include "daemon/model/suite_record.hpp"
#include "daemon/store/sqlite.hpp"
#include "plr/soak_search.hpp"
#include "search/search_result.hpp"

namespace trexsearch::service {

/// What a new job record starts with besides its spec.
struct NewJob {
  JobSpec spec;
  WallTime created_at{};
  std::string submitted_by;
  std::string daemon_version;
  /// The daemon settings at submission (JSON).
  std::string config_json = "{}";
};

/// The durable job store: one SQLite file (WAL, synchronous=FULL) with the jobs,
/// every trial as it completes, and results. Every write is its own committed
/// transaction, so what a call returned from is on disk: a SIGKILL or power cut
/// after add_trial() never loses that trial.
///
/// One Store is one connection: use it from one thread. The io thread and the job
/// runner thread each open their own (WAL lets readers work while a trial is written).
class Store {
 public:
  /// Opens or creates the database file and its schema. Throws SqliteError. A write
  /// that finds the file locked by another connection waits up to `busy_timeout`
  /// before it fails with SQLITE_BUSY.
  explicit Store(const std::filesystem::path& file,
                 std::chrono::milliseconds busy_timeout = std::chrono::seconds(10));

  /// Caps the database file at `bytes` (0: no cap but the file system's). Writes
  /// that would grow it beyond fail with SqliteError(SQLITE_FULL), exactly as on a
  /// full disk, and are rolled back; a file already larger simply cannot grow.
  void set_max_bytes(std::uint64_t bytes);

  /// Inserts a queued job; returns its id.
  JobId add_job(const NewJob& job);

  /// Inserts a suite and its queued jobs (one per link, `jobs[i]` at position i)
  /// in one transaction: all of them or none. Returns the suite with its job ids
  /// (store_suites.cpp).
  SuiteRecord add_suite(const SuiteRecord& suite, const std::vector<NewJob>& jobs);
  /// The suite by id, or the newest of that name; nullopt when there is none.
  std::optional<SuiteRecord> suite(const SuiteRef& ref);
  /// Newest first, without their documents.
  std::vector<SuiteRecord> suites(std::size_t limit);

  std::optional<JobRecord> job(JobId id);
  /// Newest first; all states when `state` is absent.
  /// Newest first; only those in `state` and on `testbed` when given.
  std::vector<JobRecord> jobs(std::optional<JobState> state, std::size_t limit,
                              const std::optional<std::string>& testbed = std::nullopt);
  /// Jobs that are not final (queued, running, interrupted), oldest first: the
  /// work a starting daemon picks up again.
  std::vector<JobRecord> unfinished_jobs();

  /// running; counts the run; sets started_at on the first run.
  void mark_running(JobId id, WallTime now);
  /// Sets a non-final state (queued, interrupted) with a reason.
  void set_state(JobId id, JobState state, const std::string& reason);
  /// Ends the job: final state, reason, finish time and (when given) its result,
  /// with its latency phase's points when there are any (`"latency"`,
  /// `"latency_notes"`, codec/latency_codec.hpp), in one transaction.
  void finish(JobId id, JobState state, const std::string& reason, WallTime now,
              const mlr::SearchResult* result,
              const latency::LatencyPhaseResult* latency = nullptr);
  /// finish() for a PLR job, storing its result (codec::encode_plr_result).
  void finish_plr(JobId id, JobState state, const std::string& reason, WallTime now,
                  const plr::PlrResult& result);

  /// finish() for an MRR or soak job, storing its result (encode_fixed_load_result).
  void finish_fixed_load(JobId id, JobState state, const std::string& reason, WallTime now,
                         const FixedLoadResult& result);
  /// Records the TRex server version a job runs against.
  void set_trex_version(JobId id, const std::string& version);

  /// Appends one completed trial. Its number must be new for the job: storing the
  /// same trial twice throws (a resumed job never measures a stored trial again).
  void add_trial(JobId id, const StoredTrial& stored);
  /// Deletes the job with its trials and result, in one transaction; returns how
  /// many trials it had, or nullopt when there is no such job. Freed pages are
  /// reused by later writes (the file does not shrink).
  std::optional<std::size_t> delete_job(JobId id);
  /// delete_job() for a full file system: trials go in batches of `batch`, each
  /// committed and checkpointed so the write-ahead log never needs more than one
  /// batch's pages. Not atomic: a daemon killed in the middle leaves the job with
  /// its first trials, to be deleted again.
  std::optional<std::size_t> delete_job_in_batches(JobId id, std::size_t batch);
  /// Copies the write-ahead log into the database and empties it
  /// (`wal_checkpoint(TRUNCATE)`), so its pages are given back to the file
  /// system. True when it completed (a reader can hold it back).
  bool checkpoint();
  /// All stored trials of a job, by number.
  std::vector<StoredTrial> trials(JobId id);
  /// The trials numbered above `after`, by number, at most `limit` of them.
  std::vector<StoredTrial> trials(JobId id, std::uint64_t after, std::size_t limit);
  /// Stores one run of an operator's hook (store_hooks.cpp, docs/testbeds.md "Hooks").
  void add_hook_run(JobId id, const HookRun& run);
  /// The job's hook runs in the order they ran; failed ones only when `failed_only`.
  std::vector<HookRun> hook_runs(JobId id, bool failed_only = false);
  /// At most `limit` of them after the first `skip`, in the order they ran.
  std::vector<HookRun> hook_runs(JobId id, std::uint64_t skip, std::size_t limit);
  /// How many hook runs the job has, and how many of them failed.
  std::pair<std::size_t, std::size_t> hook_run_counts(JobId id);
  std::size_t trial_count(JobId id);

  /// The stored result document (JSON of codec::encode_search_result, or of
  /// codec::encode_plr_result for PLR jobs), if any.
  std::optional<std::string> result_json(JobId id);

  /// The fleet replicator's watermark (store_replication.cpp, docs/fleet.md): jobs from
  /// id `from` on with something unsent (or never looked at), oldest first.
  std::vector<ReplicationWork> replication_work(JobId from, std::size_t limit);
  void mark_replicated(JobId id, const ReplicationMark& mark);
  /// Names the database replication sends to (its address, without secrets). When it
  /// differs from the stored one every mark is cleared, so a new database gets every
  /// job; returns true then.
  bool set_replication_target(const std::string& target);
  /// The suite the job belongs to, if any.
  std::optional<SuiteMembership> suite_membership(JobId id);

  const std::filesystem::path& file() const { return file_; }

  /// `PRAGMA quick_check`: throws SqliteError(SQLITE_CORRUPT) naming the file and
  /// SQLite's first findings when the database is damaged.
  void check_integrity();
  /// Empty while the path still names the file this Store opened; otherwise what
  /// happened to it (deleted, or replaced by another file): writes then go to a
  /// file nobody will open again.
  std::string file_problem() const;

 private:
  JobRecord read_job(SqliteStatement& row) const;
  void delete_hook_runs_in_batches(JobId id, std::size_t batch);
  std::vector<HookRun> hook_runs(JobId id, bool failed_only, std::int64_t skip, std::int64_t limit);
  std::vector<SuiteJobLink> suite_jobs(SuiteId id);

  std::filesystem::path file_;
  SqliteDatabase db_;
  /// The opened file's device and inode, to notice it being deleted or replaced.
  std::uint64_t device_ = 0;
  std::uint64_t inode_ = 0;
};

}  // namespace trexsearch::service
