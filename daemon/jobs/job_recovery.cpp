#include "daemon/jobs/job_recovery.hpp"

#include <chrono>
#include <exception>
#include <functional>
#include <string>

#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {
namespace {

/// A write that only records what start decided: a full or read-only store must
/// not stop the daemon from starting. One more try when the reserve gave space back.
void write_at_start(StoreHealthMonitor& health, Logger& log, JobId id,
                    const std::function<void()>& write) {
  try {
    write();
    return;
  } catch (const std::exception& error) {
    if (!health.release_reserve_for(error, id)) {
      health.note_write(&error);
      log.event(LogPriority::error, "store.failed", {{"job", id}, {"reason", error.what()}});
      return;
    }
  }
  try {
    write();
  } catch (const std::exception& again) {
    health.note_write(&again);
    log.event(LogPriority::error, "store.failed", {{"job", id}, {"reason", again.what()}});
  }
}

/// Why `record` cannot resume ("" when it can); decodes its spec into `spec`.
std::string resume_problem(const JobRecord& record, bool resume_interrupted, JobSpec& spec) {
  try {
    spec = stored_job_spec(record);
  } catch (const std::exception& error) {
    return std::string("cannot resume: the stored spec is no longer valid: ") + error.what();
  }
  if (record.state != JobState::queued && !resume_interrupted) {
    return "the daemon stopped while the job ran, and resume-interrupted is off";
  }
  return {};
}

}  // namespace

std::vector<QueuedJob> recover_jobs(LockedStore& store, StoreHealthMonitor& health, Logger& log,
                                    bool resume_interrupted,
                                    const std::set<JobId>& already_queued) {
  const std::vector<JobRecord> unfinished =
      store.with([](Store& opened) { return opened.unfinished_jobs(); });
  std::vector<QueuedJob> recovered;
  for (const JobRecord& record : unfinished) {
    // Jobs submitted before start are queued in memory already: queueing them
    // again ran a finished job a second time.
    if (already_queued.contains(record.id)) continue;
    JobSpec spec;
    const std::string problem = resume_problem(record, resume_interrupted, spec);
    if (!problem.empty()) {
      write_at_start(health, log, record.id, [&] {
        store.with([&](Store& opened) {
          opened.finish(record.id, JobState::failed, problem, std::chrono::system_clock::now(),
                        nullptr);
        });
      });
      log.event(LogPriority::warning, "job.failed", {{"job", record.id}, {"reason", problem}});
      continue;
    }
    if (record.state == JobState::running) {
      write_at_start(health, log, record.id, [&] {
        store.with([&](Store& opened) {
          opened.set_state(record.id, JobState::interrupted,
                           "trex-searchd stopped while the job ran; resuming from " +
                               std::to_string(record.trial_count) + " stored trials");
        });
      });
    }
    if (record.state != JobState::queued) {
      log.event(LogPriority::notice, "job.recovered",
                {{"job", record.id},
                 {"state", to_string(record.state)},
                 {"stored_trials", static_cast<std::uint64_t>(record.trial_count)}});
    }
    QueuedJob job = queued_job(record.id, std::move(spec));
    job.name = record.name;
    recovered.push_back(std::move(job));
  }
  return recovered;
}

}  // namespace trexsearch::service
