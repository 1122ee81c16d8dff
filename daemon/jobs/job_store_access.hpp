#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/model/hook_run.hpp"
#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/model/suite_record.hpp"
#include "daemon/protocol/job_state.hpp"

namespace trexsearch::service {

/// A job as `show` reports it.
struct JobDetails {
  JobRecord record;
  /// The live progress while it runs.
  std::optional<JobProgress> progress;
  /// 1-based place in the queue while queued.
  std::optional<std::size_t> queue_position;
  std::vector<StoredTrial> trials;
  /// Runs of the operator's hooks, and how many failed (docs/testbeds.md "Hooks").
  std::size_t hook_runs = 0;
  std::size_t failed_hook_runs = 0;
};

/// One job of a suite as `show_suite` reports it.
struct SuiteJobDetails {
  SuiteJobLink link;
  JobRecord record;
  /// The stored result document (JSON), when the job has one.
  std::optional<std::string> result_json;
};

/// A suite with its jobs, in suite order.
struct SuiteDetails {
  SuiteRecord suite;
  std::vector<SuiteJobDetails> jobs;
};

/// The commands that read stored jobs (or delete them): their cost grows with a
/// job's trials, so the daemon runs them on its request pool, never on the io
/// thread (docs/daemon.md "Control socket and access"). Each implementation is
/// one store connection: use one object from one thread at a time. Errors are
/// RequestErrors carrying the reply code (not_found, conflict, error).
class JobStoreAccess {
 public:
  virtual ~JobStoreAccess() = default;

  /// Newest first.
  virtual std::vector<JobRecord> list(std::optional<JobState> state, std::size_t limit,
                                      const std::optional<std::string>& testbed) = 0;
  /// Throws RequestError(not_found).
  virtual JobDetails details(JobId id, bool with_trials) = 0;
  /// Deletes an ended job with its trials and result; returns the trial count.
  /// Throws RequestError(not_found), or (conflict) while it is queued or running.
  virtual std::size_t remove(JobId id, const std::string& removed_by) = 0;
  /// The stored result document (JSON); throws RequestError(not_found) for no such
  /// job, (conflict) when it has no result (yet).
  virtual std::string result_json(JobId id) = 0;
  /// The suite with its jobs and their results; throws RequestError(not_found).
  /// Stores without suites (test fakes) answer `unsupported`.
  virtual SuiteDetails suite(const SuiteRef& ref);
  /// Newest first, without documents; empty without a store.
  virtual std::vector<SuiteRecord> suites(std::size_t limit);
  /// Every run of the job's hooks with its output, in the order they ran; throws
  /// RequestError(not_found). Stores without hooks (test fakes) have none.
  virtual std::vector<HookRun> hook_runs(JobId id);
};

/// Opens JobStoreAccess objects for other threads (the request pool's workers).
class JobStoreOpener {
 public:
  virtual ~JobStoreOpener() = default;

  /// The store commands on a connection of their own, for one worker thread of
  /// the request pool; nullptr when there is no store to open (test fakes).
  virtual std::unique_ptr<JobStoreAccess> open_store_access() { return nullptr; }
};

}  // namespace trexsearch::service
