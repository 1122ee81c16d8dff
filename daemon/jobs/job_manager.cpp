#include "daemon/jobs/job_manager.hpp"

#include <utility>

#include "daemon/jobs/job_recovery.hpp"

namespace trexsearch::service {
namespace {

std::set<SearchMethod> methods_of(const std::vector<std::unique_ptr<JobRunner>>& runners) {
  std::set<SearchMethod> methods;
  for (const auto& runner : runners) methods.insert(runner->method());
  return methods;
}

}  // namespace

JobManager::JobManager(JobManagerSettings settings, std::vector<std::unique_ptr<JobRunner>> runners,
                       const MeasurerFactories& factories, Logger& log, StatusSink status)
    : settings_(std::move(settings)),
      log_(log),
      io_store_(settings_.store_file),
      health_(settings_.store_file, settings_.max_store_bytes, settings_.store_reserve_bytes,
              io_store_, log),
      queue_(settings_.max_queued, std::move(status)),
      io_commands_(io_store_, queue_, health_, log),
      watchers_(queue_, [this](JobId id) { return io_commands_.require_job(id); }),
      intake_(IntakeSettings{methods_of(runners), settings_.daemon_version, settings_.config_json,
                             settings_.hook_rules},
              factories, queue_, io_store_, health_, log),
      canceller_(queue_, watchers_, io_store_, io_commands_, log),
      thread_(JobThreadSettings{settings_.store_file, settings_.store_busy_timeout,
                                settings_.max_store_bytes, settings_.max_trials_per_job,
                                settings_.runners, settings_.hook_rules},
              std::move(runners), RunnerParts{queue_, watchers_, tally_, health_, log}) {
  // A damaged store stops the start here, with what to do, rather than failing
  // jobs one by one later.
  io_store_.with([this](Store& store) {
    store.check_integrity();
    store.set_max_bytes(settings_.max_store_bytes);
  });
  health_.restore_reserve();
}

void JobManager::start() {
  // Recovered jobs are older than any submitted since construction: they go first.
  queue_.push_front(
      recover_jobs(io_store_, health_, log_, settings_.resume_interrupted, queue_.queued_ids()));
  queue_.report_status();
  thread_.start();
}

std::unique_ptr<JobStoreAccess> JobManager::open_store_access() {
  auto store = std::make_unique<LockedStore>(settings_.store_file, settings_.store_busy_timeout);
  store->with([this](Store& opened) { opened.set_max_bytes(settings_.max_store_bytes); });
  return std::make_unique<StoreCommands>(std::move(store), queue_, health_, log_);
}

}  // namespace trexsearch::service
