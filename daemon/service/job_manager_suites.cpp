// JobManager's suite commands (docs/suites.md): a suite's jobs are stored in one
// transaction and queued together, so a suite is never half submitted.
#include <chrono>

#include "daemon/service/job_manager.hpp"
#include "daemon/service/service_errors.hpp"

namespace trexsearch::service {
namespace {

WallTime now() { return std::chrono::system_clock::now(); }

}  // namespace


SuiteReceipt JobManager::submit_suite(const SuiteSpec& suite, const std::string& submitted_by) {
  if (suite.entries.empty()) {
    throw RequestError(ResultCode::bad_request, "suite \"" + suite.name + "\" has no entries");
  }
  for (const SuiteEntry& entry : suite.entries) {
    if (runner_for(entry.job.method) == nullptr) {
      throw NotSupportedError("entry \"" + entry.label + "\": method",
                              "\"" + std::string(to_string(entry.job.method)) + "\"",
                              "this trex-searchd cannot run such jobs yet");
    }
    factories_.for_spec(entry.job.measurer).check_allowed(entry.job.measurer);
  }
  std::string config_json;
  {
    std::lock_guard lock(mutex_);
    config_json = admit_locked(suite.entries.size());
  }
  SuiteRecord record;
  record.name = suite.name;
  record.created_at = now();
  record.submitted_by = submitted_by;
  record.document_json = suite.document_json;
  std::vector<NewJob> jobs;
  for (const SuiteEntry& entry : suite.entries) {
    record.jobs.push_back(SuiteJobLink{0, 0, entry.label, entry.frame_size, entry.repeat});
    jobs.push_back(NewJob{entry.job, record.created_at, submitted_by, settings_.daemon_version,
                          config_json});
  }
  try {
    std::lock_guard store_lock(io_store_mutex_);
    record = io_store_.add_suite(record, jobs);
  } catch (const SqliteError& error) {
    note_store_write(&error);
    throw RequestError(ResultCode::error, "cannot store suite \"" + suite.name +
                                              "\": " + error.what() + store_write_hint(error));
  }
  note_store_write(nullptr);
  SuiteReceipt receipt{record, 0};
  {
    // Admitted above; a concurrent submit may have taken room since, and the
    // suite is stored: queue it whole rather than lose stored jobs.
    std::lock_guard lock(mutex_);
    receipt.queue_position = queue_.size() + 1;
    for (std::size_t i = 0; i < suite.entries.size(); ++i) {
      queue_.push_back(QueuedJob{record.jobs[i].job, suite.entries[i].job, suite.entries[i].job.name});
    }
  }
  wakeup_.notify_all();
  log_.event(LogPriority::info, "suite.submitted",
             {{"suite", record.id},
              {"name", suite.name},
              {"jobs", static_cast<std::uint64_t>(record.jobs.size())},
              {"first_job", record.jobs.front().job},
              {"by", submitted_by}});
  update_status();
  return receipt;
}

SuiteDetails JobManager::suite(const SuiteRef& ref) {
  std::lock_guard store_lock(io_store_mutex_);
  return suite_in(io_store_, ref);
}

std::vector<SuiteRecord> JobManager::suites(std::size_t limit) {
  std::lock_guard store_lock(io_store_mutex_);
  return io_store_.suites(limit);
}

SuiteDetails JobManager::suite_in(Store& store, const SuiteRef& ref) {
  auto suite = store.suite(ref);
  if (!suite) {
    throw RequestError(ResultCode::not_found,
                       ref.id ? "no suite " + std::to_string(*ref.id)
                              : "no suite named \"" + ref.name + "\"");
  }
  SuiteDetails details;
  for (const SuiteJobLink& link : suite->jobs) {
    auto record = store.job(link.job);
    if (!record) continue;  // deleted since (its link went with it)
    details.jobs.push_back(SuiteJobDetails{link, std::move(*record), store.result_json(link.job)});
  }
  details.suite = std::move(*suite);
  return details;
}

}  // namespace trexsearch::service
