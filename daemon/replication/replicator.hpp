#pragma once

#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

#include "daemon/log/log.hpp"
#include "daemon/replication/job_documents.hpp"
#include "daemon/replication/replication_settings.hpp"
#include "daemon/replication/replication_status.hpp"

namespace trexsearch::fleet {
class PgConnection;
}

namespace trexsearch::service {

class Store;
struct ReplicationWork;

/// Copies every job, trial, hook run and result of the job store to the fleet's
/// PostgreSQL database (docs/fleet.md "Replication"), on a thread of its own with its
/// own store and database connections, so a trial or a reply never waits for it: a
/// stopped or unreachable server only delays replication. The store stays the source
/// of truth; what was sent is marked there (ReplicationMark) after the database
/// committed it, so a restart of either side resumes without loss, and a resend
/// inserts nothing twice. Every wait is bounded (settings' timeout) and ends on stop().
class Replicator {
 public:
  /// `documents_of` gives a job's `show`/`result` documents (the daemon's dispatcher
  /// on a store connection of its own); it is called on the replicator's thread only.
  Replicator(ReplicationSettings settings, std::filesystem::path store_file,
             std::function<std::optional<JobDocuments>(JobId)> documents_of, Logger& log);
  ~Replicator();
  Replicator(const Replicator&) = delete;
  Replicator& operator=(const Replicator&) = delete;

  void start();
  /// Asks the thread to stop and joins it: at most one statement's timeout even with a
  /// stopped server, usually at once (the wait is interrupted).
  void stop();
  ReplicationStatus status() const;

 private:
  void run(std::stop_token stop);
  /// Connects when not connected, and brings the schema up to date.
  void connect(fleet::PgConnection& database, std::stop_token stop);
  /// One look at the store and what it finds sent; true when it sent anything.
  bool pass(Store& store, fleet::PgConnection& database, std::stop_token stop);
  void replicate_job(Store& store, fleet::PgConnection& database, const ReplicationWork& work,
                     std::stop_token stop);
  /// Pauses `duration`, or less when stopping; false then.
  bool wait(std::stop_token stop, std::chrono::milliseconds duration);
  void failed(const std::string& what);

  ReplicationSettings settings_;
  std::filesystem::path store_file_;
  std::function<std::optional<JobDocuments>(JobId)> documents_of_;
  Logger& log_;
  /// The oldest job that may still have something unsent (all older ones are complete).
  JobId low_watermark_ = 1;
  /// Where the next pass starts when the last one read a whole page (0: the watermark).
  JobId cursor_ = 0;
  std::chrono::steady_clock::time_point last_heartbeat_{};

  /// Guards status_; wake_ carries the pauses between passes, which only a stop ends early.
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  ReplicationStatus status_;
  std::jthread thread_;
};

}  // namespace trexsearch::service
