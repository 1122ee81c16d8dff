#include "daemon/jobs/store_commands.hpp"

#include <tuple>
#include <utility>

#include "daemon/model/service_errors.hpp"
#include "daemon/store/sqlite.hpp"

namespace trexsearch::service {
namespace {

std::string job_name(JobId id) { return "job " + std::to_string(id); }

JobRecord require_job_in(Store& store, JobId id) {
  auto record = store.job(id);
  if (!record) throw RequestError(ResultCode::not_found, "no job " + std::to_string(id));
  return std::move(*record);
}

}  // namespace

StoreCommands::StoreCommands(LockedStore& store, JobQueue& queue, StoreHealthMonitor& health,
                             Logger& log)
    : store_(store), queue_(queue), health_(health), log_(log) {}

StoreCommands::StoreCommands(std::unique_ptr<LockedStore> own, JobQueue& queue,
                             StoreHealthMonitor& health, Logger& log)
    : own_(std::move(own)), store_(*own_), queue_(queue), health_(health), log_(log) {}

JobRecord StoreCommands::require_job(JobId id) {
  return store_.with([id](Store& store) { return require_job_in(store, id); });
}

std::vector<JobRecord> StoreCommands::list(std::optional<JobState> state, std::size_t limit,
                                           const std::optional<std::string>& testbed) {
  return store_.with([&](Store& store) { return store.jobs(state, limit, testbed); });
}

JobDetails StoreCommands::details(JobId id, bool with_trials) {
  JobDetails details;
  // From memory first, then the store: the two locks are never held together.
  details.progress = queue_.progress(id);
  details.queue_position = queue_.position(id);
  store_.with([&](Store& store) {
    details.record = require_job_in(store, id);
    if (with_trials) details.trials = store.trials(id);
    std::tie(details.hook_runs, details.failed_hook_runs) = store.hook_run_counts(id);
  });
  return details;
}

std::vector<HookRun> StoreCommands::hook_runs(JobId id) {
  return store_.with([&](Store& store) {
    require_job_in(store, id);
    return store.hook_runs(id);
  });
}

std::size_t StoreCommands::remove(JobId id, const std::string& removed_by) {
  // Only the check reads the queue, not the delete (seconds for a big job). An
  // ended job never runs or queues again: the runner stores a job's final state
  // before it forgets the job, and only start (before any request) queues stored jobs.
  const JobPlace place = queue_.place(id);
  if (place != JobPlace::none) {
    throw RequestError(ResultCode::conflict,
                       job_name(id) + " is " + (place == JobPlace::queued ? "queued" : "running") +
                           "; cancel it first, then delete it");
  }
  const std::optional<std::size_t> trials =
      store_.with([&](Store& store) { return delete_rows(store, id); });
  health_.note_write(nullptr);
  health_.restore_reserve();
  if (!trials) throw RequestError(ResultCode::not_found, "no " + job_name(id));
  log_.event(LogPriority::notice, "job.deleted",
             {{"job", id}, {"by", removed_by}, {"trials", static_cast<std::uint64_t>(*trials)}});
  return *trials;
}

std::optional<std::size_t> StoreCommands::delete_rows(Store& store, JobId id) {
  std::optional<std::size_t> trials;
  try {
    try {
      trials = store.delete_job(id);
    } catch (const SqliteError& error) {
      // On a full disk the one big transaction needs log pages there are none of:
      // with the reserve given back, delete in checkpointed batches instead.
      if (!is_store_full(error)) throw;
      health_.release_reserve_for(error, id);
      trials = store.delete_job_in_batches(id, 256);
    }
    store.checkpoint();
  } catch (const SqliteError& error) {
    throw RequestError(ResultCode::error, "cannot delete " + job_name(id) + ": " + error.what() +
                                              store_write_hint(error));
  }
  return trials;
}

std::string StoreCommands::result_json(JobId id) {
  return store_.with([id](Store& store) {
    const JobRecord record = require_job_in(store, id);
    auto result = store.result_json(id);
    if (!result) {
      throw RequestError(ResultCode::conflict, job_name(id) + " has no result: it is " +
                                                   std::string(to_string(record.state)));
    }
    return std::move(*result);
  });
}

SuiteDetails StoreCommands::suite(const SuiteRef& ref) {
  return store_.with([&ref](Store& store) {
    auto suite = store.suite(ref);
    if (!suite) {
      throw RequestError(ResultCode::not_found, ref.id ? "no suite " + std::to_string(*ref.id)
                                                       : "no suite named \"" + ref.name + "\"");
    }
    SuiteDetails details;
    for (const SuiteJobLink& link : suite->jobs) {
      auto record = store.job(link.job);
      if (!record) continue;  // deleted since (its link went with it)
      details.jobs.push_back(
          SuiteJobDetails{link, std::move(*record), store.result_json(link.job)});
    }
    details.suite = std::move(*suite);
    return details;
  });
}

std::vector<SuiteRecord> StoreCommands::suites(std::size_t limit) {
  return store_.with([limit](Store& store) { return store.suites(limit); });
}

}  // namespace trexsearch::service
