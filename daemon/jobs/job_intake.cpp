#include "daemon/jobs/job_intake.hpp"

#include <chrono>
#include <utility>
#include <vector>

#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_names.hpp"
#include "daemon/store/sqlite.hpp"

namespace trexsearch::service {
namespace {

WallTime now() { return std::chrono::system_clock::now(); }

}  // namespace

JobIntake::JobIntake(IntakeSettings settings, const MeasurerFactories& factories, JobQueue& queue,
                     LockedStore& store, StoreHealthMonitor& health, Logger& log)
    : methods_(std::move(settings.methods)),
      hook_rules_(std::move(settings.hook_rules)),
      daemon_version_(std::move(settings.daemon_version)),
      factories_(factories),
      queue_(queue),
      store_(store),
      health_(health),
      log_(log),
      config_json_(std::move(settings.config_json)) {}

void JobIntake::set_config_json(std::string config_json) {
  std::lock_guard lock(config_mutex_);
  config_json_ = std::move(config_json);
}

JobSpec JobIntake::placed(const JobSpec& job, const std::string& what) const {
  if (!methods_.contains(job.method)) {
    throw NotSupportedError(what, "\"" + std::string(to_string(job.method)) + "\"",
                            "this trex-searchd cannot run such jobs yet");
  }
  JobSpec placed = job;
  factories_.for_spec(job.measurer).place(placed.measurer);
  if (!placed.hooks.empty()) {
    // A client names hooks; only the operator's config says what they run.
    const std::optional<std::string> problem =
        hook_rules_ ? hook_rules_->problem_with(placed.hooks, job_testbed(placed))
                    : std::optional<std::string>("this daemon defines no hooks");
    if (problem) throw RequestError(ResultCode::bad_request, *problem);
  }
  return placed;
}

std::string JobIntake::admit(std::size_t count) {
  queue_.admit(count);
  std::lock_guard lock(config_mutex_);
  return config_json_;
}

SubmitReceipt JobIntake::submit(const JobSpec& submitted, const std::string& submitted_by) {
  const JobSpec spec = placed(submitted, "method");
  check_job_names(spec);
  std::string config_json = admit(1);
  JobId id = 0;
  try {
    id = store_.with([&](Store& store) {
      return store.add_job(
          NewJob{spec, now(), submitted_by, daemon_version_, std::move(config_json)});
    });
  } catch (const SqliteError& error) {
    health_.note_write(&error);
    throw RequestError(ResultCode::error, "cannot store the job: " + std::string(error.what()) +
                                              store_write_hint(error));
  }
  health_.note_write(nullptr);
  std::vector<QueuedJob> queued;
  queued.push_back(queued_job(id, spec));
  const std::size_t position = queue_.push(std::move(queued));
  log_.event(LogPriority::info, "job.submitted",
             {{"job", id},
              {"name", spec.name},
              {"method", to_string(spec.method)},
              {"measurer", measurer_kind(spec.measurer)},
              {"by", submitted_by}});
  queue_.report_status();
  return SubmitReceipt{id, position};
}

SuiteReceipt JobIntake::submit_suite(const SuiteSpec& submitted, const std::string& submitted_by) {
  if (submitted.entries.empty()) {
    throw RequestError(ResultCode::bad_request, "suite \"" + submitted.name + "\" has no entries");
  }
  SuiteSpec suite = submitted;
  for (SuiteEntry& entry : suite.entries) {
    entry.job = placed(entry.job, "entry \"" + entry.label + "\": method");
    check_job_names(entry.job);
  }
  const std::string config_json = admit(suite.entries.size());
  const SuiteRecord record = store_suite(suite, submitted_by, config_json);
  // Admitted above; a concurrent submit may have taken room since, and the suite
  // is stored: queue it whole rather than lose stored jobs.
  std::vector<QueuedJob> queued;
  for (std::size_t i = 0; i < suite.entries.size(); ++i) {
    queued.push_back(queued_job(record.jobs[i].job, suite.entries[i].job));
  }
  SuiteReceipt receipt{record, queue_.push(std::move(queued))};
  log_.event(LogPriority::info, "suite.submitted",
             {{"suite", record.id},
              {"name", suite.name},
              {"jobs", static_cast<std::uint64_t>(record.jobs.size())},
              {"first_job", record.jobs.front().job},
              {"by", submitted_by}});
  queue_.report_status();
  return receipt;
}

SuiteRecord JobIntake::store_suite(const SuiteSpec& suite, const std::string& submitted_by,
                                   const std::string& config_json) {
  SuiteRecord record;
  record.name = suite.name;
  record.created_at = now();
  record.submitted_by = submitted_by;
  record.document_json = suite.document_json;
  std::vector<NewJob> jobs;
  for (const SuiteEntry& entry : suite.entries) {
    record.jobs.push_back(SuiteJobLink{0, 0, entry.label, entry.frame_size, entry.repeat});
    jobs.push_back(
        NewJob{entry.job, record.created_at, submitted_by, daemon_version_, config_json});
  }
  try {
    record = store_.with([&](Store& store) { return store.add_suite(record, jobs); });
  } catch (const SqliteError& error) {
    health_.note_write(&error);
    throw RequestError(ResultCode::error, "cannot store suite \"" + suite.name +
                                              "\": " + error.what() + store_write_hint(error));
  }
  health_.note_write(nullptr);
  return record;
}

}  // namespace trexsearch::service
