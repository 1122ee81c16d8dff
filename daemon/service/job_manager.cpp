#include "daemon/service/job_manager.hpp"
#include "daemon/service/job_end.hpp"

#include "daemon/service/job_observer.hpp"
#include "daemon/service/store_retry.hpp"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <iterator>
#include <set>

#include "daemon/codec/strict_json.hpp"
#include "daemon/service/job_spec_codec.hpp"
#include "daemon/service/service_errors.hpp"
#include "daemon/service/sqlite.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {
namespace {

WallTime now() { return std::chrono::system_clock::now(); }

std::string job_name(JobId id) { return "job " + std::to_string(id); }

}  // namespace

JobManager::JobManager(JobManagerSettings settings, std::vector<std::unique_ptr<JobRunner>> runners,
                       const MeasurerFactories& factories, Logger& log, StatusSink status)
    : settings_(std::move(settings)),
      factories_(factories),
      log_(log),
      status_(std::move(status)),
      reserve_(settings_.store_file.string() + "-reserve", settings_.store_reserve_bytes),
      io_store_(settings_.store_file) {
  // A damaged store stops the start here, with what to do, rather than failing
  // jobs one by one later.
  io_store_.check_integrity();
  io_store_.set_max_bytes(settings_.max_store_bytes);
  restore_reserve();
  for (auto& runner : runners) {
    const SearchMethod method = runner->method();
    runners_[method] = std::move(runner);
  }
}

JobManager::~JobManager() { shutdown(); }

void JobManager::start() {
  std::vector<JobRecord> unfinished;
  {
    std::lock_guard store_lock(io_store_mutex_);
    unfinished = io_store_.unfinished_jobs();
  }
  // Jobs submitted before start() are queued in memory already and are in the
  // store as queued too: queueing them again ran a finished job a second time.
  std::set<JobId> already_queued;
  {
    std::lock_guard lock(mutex_);
    for (const QueuedJob& job : queue_) already_queued.insert(job.id);
  }
  std::deque<QueuedJob> recovered;
  for (const JobRecord& record : unfinished) {
    if (already_queued.contains(record.id)) continue;
    std::string problem;
    JobSpec spec;
    try {
      spec = decode_job_spec(codec::parse_strict_json(record.spec_json, "stored spec"));
    } catch (const std::exception& error) {
      problem = std::string("cannot resume: the stored spec is no longer valid: ") + error.what();
    }
    if (problem.empty() && record.state != JobState::queued && !settings_.resume_interrupted) {
      problem = "the daemon stopped while the job ran, and resume-interrupted is off";
    }
    std::lock_guard store_lock(io_store_mutex_);
    // A full or read-only store must not stop the daemon from starting: these
    // writes only record what start decided; the job's own writes fail it later
    // with a reason, and `status` says the store cannot be written.
    const auto write_at_start = [&](const auto& write) {
      try {
        write();
        return;
      } catch (const std::exception& error) {
        if (release_reserve_for(error, record.id)) {
          try {
            write();
            return;
          } catch (const std::exception& again) {
            note_store_write(&again);
            log_.event(LogPriority::error, "store.failed",
                       {{"job", record.id}, {"reason", again.what()}});
            return;
          }
        }
        note_store_write(&error);
        log_.event(LogPriority::error, "store.failed", {{"job", record.id}, {"reason", error.what()}});
      }
    };
    if (!problem.empty()) {
      write_at_start([&] { io_store_.finish(record.id, JobState::failed, problem, now(), nullptr); });
      log_.event(LogPriority::warning, "job.failed", {{"job", record.id}, {"reason", problem}});
      continue;
    }
    if (record.state == JobState::running) {
      write_at_start([&] {
        io_store_.set_state(record.id, JobState::interrupted,
                            "trex-searchd stopped while the job ran; resuming from " +
                                std::to_string(record.trial_count) + " stored trials");
      });
    }
    if (record.state != JobState::queued) {
      log_.event(LogPriority::notice, "job.recovered",
                 {{"job", record.id},
                  {"state", to_string(record.state)},
                  {"stored_trials", static_cast<std::uint64_t>(record.trial_count)}});
    }
    recovered.push_back(QueuedJob{record.id, std::move(spec), record.name});
  }
  {
    // Recovered jobs are older than any submitted since construction: they go first.
    std::lock_guard lock(mutex_);
    queue_.insert(queue_.begin(), std::make_move_iterator(recovered.begin()),
                  std::make_move_iterator(recovered.end()));
  }
  update_status();
  runner_ = std::jthread([this](std::stop_token shutdown) { run_loop(std::move(shutdown)); });
}

void JobManager::shutdown() noexcept {
  {
    std::lock_guard lock(mutex_);
    shutting_down_ = true;
  }
  if (runner_.joinable()) {
    runner_.request_stop();
    runner_.join();
  }
}

void JobManager::set_max_queued(std::size_t max_queued) {
  std::lock_guard lock(mutex_);
  settings_.max_queued = max_queued;
}

void JobManager::set_config_json(std::string config_json) {
  std::lock_guard lock(mutex_);
  settings_.config_json = std::move(config_json);
}

void JobManager::set_max_trials_per_job(std::uint64_t max_trials) {
  std::lock_guard lock(mutex_);
  settings_.max_trials_per_job = max_trials;
}

void JobManager::fail_running(const std::string& reason, bool overrides_completion) {
  std::lock_guard lock(mutex_);
  if (!running_) return;
  if (running_->failure.empty()) {
    running_->failure = reason;
    running_->failure_overrides_completion = overrides_completion;
  }
  running_->stop.request_stop();
}

std::stop_token JobManager::running_stop_token() {
  std::lock_guard lock(mutex_);
  return running_ ? running_->stop.get_token() : std::stop_token{};
}

JobRunner* JobManager::runner_for(SearchMethod method) const {
  const auto found = runners_.find(method);
  return found == runners_.end() ? nullptr : found->second.get();
}

void JobManager::run_loop(std::stop_token shutdown) {
  std::optional<Store> store;
  try {
    store.emplace(settings_.store_file, settings_.store_busy_timeout);
    store->set_max_bytes(settings_.max_store_bytes);
  } catch (const std::exception& error) {
    // Without a store no job can run safely; they stay queued for the next start.
    log_.event(LogPriority::error, "store.failed", {{"reason", error.what()}});
    return;
  }
  while (true) {
    QueuedJob job;
    {
      std::unique_lock lock(mutex_);
      wakeup_.wait(lock, shutdown, [this] { return !queue_.empty(); });
      if (shutdown.stop_requested()) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      running_ = std::make_unique<RunningJob>();
      running_->id = job.id;
      running_->spec = job.spec;
      running_->started_at = now();
    }
    run_one(*store, std::move(job), shutdown);
  }
}

void JobManager::run_one(Store& store, QueuedJob job, const std::stop_token& shutdown) {
  RunningJob& running = *running_;  // only this thread resets running_
  std::vector<StoredTrial> stored;
  int run_number = 0;
  // The stored trials are the job's past: a job must never start again from trial 1
  // because the store could not be read just now (a lock held by an `sqlite3` shell,
  // a read-only remount). Transient errors are waited out, visibly; cancel and
  // SIGTERM end the wait; anything else fails the job without measuring.
  std::optional<RunOutcome> not_started;
  {
    const std::stop_callback forward_shutdown(shutdown,
                                              [&running] { running.stop.request_stop(); });
    try {
      const bool loaded = retry_transient(
          [&] {
            store.mark_running(job.id, running.started_at);
            stored = store.trials(job.id);
            if (const auto record = store.job(job.id)) run_number = record->run_count;
            note_store_write(nullptr);
          },
          running.stop.get_token(),
          [&](const std::exception& error, int attempt, measure::Seconds wait) {
            note_store_write(&error);
            log_.event(LogPriority::warning, "store.retry",
                       {{"job", job.id},
                        {"attempt", attempt},
                        {"wait_s", wait.count()},
                        {"reason", error.what()}});
          });
      if (!loaded) {
        not_started = RunOutcome{RunOutcome::Kind::stopped,
                                 "stopped while waiting for the job store", std::nullopt,
                                 std::nullopt, std::nullopt, std::nullopt};
      }
    } catch (const std::exception& error) {
      log_.event(LogPriority::error, "store.failed", {{"job", job.id}, {"reason", error.what()}});
      note_store_write(&error);
      not_started = RunOutcome{
          RunOutcome::Kind::failed,
          is_store_full(error)
              ? std::string("cannot start: the job store cannot be written: ") + error.what() +
                    store_write_hint(error)
              : std::string("cannot read the job's stored trials, so it cannot resume without "
                            "measuring them again: ") +
                    error.what(),
          std::nullopt, std::nullopt, std::nullopt, std::nullopt};
    }
  }
  log_.event(LogPriority::info, "job.started",
             {{"job", job.id},
              {"name", job.name},
              {"method", to_string(job.spec.method)},
              {"measurer", measurer_kind(job.spec.measurer)},
              {"run", run_number},
              {"stored_trials", static_cast<std::uint64_t>(stored.size())}});
  publish(JobEvent{JobEvent::Kind::started, job.id, JobState::running, "", std::nullopt});
  update_status();

  Observer observer(*this, store, job.id);
  RunOutcome outcome;
  {
    // The daemon's stop (SIGTERM) stops the job too; cancel stops only the job.
    // Scoped to the run: the callback must be gone before `running` is destroyed
    // below, or a late shutdown would reach into freed memory.
    const std::stop_callback forward_shutdown(shutdown,
                                              [&running] { running.stop.request_stop(); });
    try {
      JobRunner* runner = runner_for(job.spec.method);
      if (not_started) {
        outcome = *not_started;
      } else if (runner == nullptr) {
        throw NotSupportedError("method", std::string(to_string(job.spec.method)),
                                "no runner for this method");
      } else {
        // Every TRex RPC of the run (this thread) gives up soon after a cancel or
        // SIGTERM, whatever its rpc_timeout: kRpcWaitAfterStop for all of them.
        const trex::RpcStopScope rpc_stop(running.stop.get_token());
        outcome = runner->run(job.spec, std::move(stored), running.stop.get_token(), observer);
      }
    } catch (const std::exception& error) {
      outcome = RunOutcome{RunOutcome::Kind::failed, error.what(), std::nullopt, std::nullopt,
                           std::nullopt, std::nullopt};
    }
  }

  RunFacts facts;
  facts.outcome = outcome.kind;
  facts.outcome_reason = outcome.reason;
  {
    std::lock_guard lock(mutex_);
    facts.cancelled = running.cancel_requested;
    facts.cancelled_by = running.cancelled_by;
    facts.shutting_down = shutting_down_ || shutdown.stop_requested();
    facts.failure = running.failure;
    facts.failure_overrides_completion = running.failure_overrides_completion;
  }
  // Named copies, not a structured binding: the lambdas below capture them.
  const JobEnd end = end_of_run(facts);
  const JobState state = end.state;
  const std::string& reason = end.reason;
  const auto write_end = [&] {
    if (state == JobState::interrupted) {
      store.set_state(job.id, state, reason);
    } else {
      if (outcome.plr_result) {
        store.finish_plr(job.id, state, reason, now(), *outcome.plr_result);
      } else if (outcome.fixed_load_result) {
        store.finish_fixed_load(job.id, state, reason, now(), *outcome.fixed_load_result);
      } else {
        store.finish(job.id, state, reason, now(), outcome.result ? &*outcome.result : nullptr,
                     outcome.latency ? &*outcome.latency : nullptr);
      }
    }
  };
  try {
    write_end();
    note_store_write(nullptr);
  } catch (const std::exception& error) {
    note_store_write(&error);
    log_.event(LogPriority::error, "store.failed", {{"job", job.id}, {"reason", error.what()}});
    // The result did not fit (store or disk full): at least the end state and its
    // reason, a small write, so the job does not look running forever. On a full
    // disk even that needs the reserve; the result is not tried again (a PLR
    // result can be megabytes: it would eat the reserve that delete and the
    // checkpoint need). `show` still estimates from the stored trials.
    release_reserve_for(error, job.id);
    try {
      if (state != JobState::interrupted) {
        store.finish(job.id, state, reason + "; its result could not be stored: " + error.what(),
                     now(), nullptr);
      }
    } catch (const std::exception& again) {
      log_.event(LogPriority::error, "store.failed", {{"job", job.id}, {"reason", again.what()}});
    }
  }
  try {
    // Between jobs the log goes back into the database file, so a disk that fills
    // up later holds the store's pages there, not in a log the reserve must cover.
    store.checkpoint();
  } catch (const std::exception& error) {
    log_.event(LogPriority::warning, "store.checkpoint_failed",
               {{"job", job.id}, {"reason", error.what()}});
  }
  restore_reserve();
  const LogPriority priority = state == JobState::failed ? LogPriority::warning : LogPriority::info;
  log_.event(
      priority, "job." + std::string(to_string(state)),
      {{"job", job.id},
       {"trials", static_cast<std::uint64_t>(
                      outcome.result              ? outcome.result->trials.size()
                      : outcome.plr_result        ? outcome.plr_result->trials.size()
                      : outcome.fixed_load_result ? outcome.fixed_load_result->trials.size()
                                                  : 0)},
       {"reason", reason}});
  {
    std::lock_guard lock(mutex_);
    running_.reset();
  }
  publish(JobEvent{JobEvent::Kind::ended, job.id, state, reason, std::nullopt});
  update_status();
  // Encoding a long soak's result (every trial with its fits: 1 MB of JSON, a tree
  // several times that) touches megabytes of this thread's malloc arena, which
  // glibc keeps after they are freed: a 12-hour PLR job left the idle daemon 8 MB
  // larger. Give them back between jobs (bench/daemon measures it).
  ::malloc_trim(0);
}

void JobManager::publish(const JobEvent& event) {
  std::vector<std::shared_ptr<JobWatcher>> watchers;
  {
    std::lock_guard lock(mutex_);
    const auto found = watchers_.find(event.job);
    if (found == watchers_.end()) return;
    watchers = found->second;
    if (event.kind == JobEvent::Kind::ended) watchers_.erase(found);
  }
  for (const auto& watcher : watchers) watcher->on_event(event);
}

std::string JobManager::status_line_locked() const {
  std::string line;
  if (running_) {
    line = job_name(running_->id) + " running (" + std::string(to_string(running_->spec.method)) +
           ", " + std::string(measurer_kind(running_->spec.measurer)) + ")";
    if (running_->progress.trial_count > 0) {
      line += ": trial " + std::to_string(running_->progress.trial_count);
    }
  } else {
    line = "idle";
  }
  return line + "; " + std::to_string(queue_.size()) + " queued";
}

void JobManager::update_status() {
  if (!status_) return;
  std::string line;
  {
    std::lock_guard lock(mutex_);
    line = status_line_locked();
  }
  status_(line);
}

}  // namespace trexsearch::service
