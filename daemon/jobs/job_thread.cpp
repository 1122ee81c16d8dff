#include "daemon/jobs/job_thread.hpp"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <utility>

#include "daemon/model/service_errors.hpp"
#include "daemon/store/sqlite.hpp"
#include "daemon/store/store_retry.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {
namespace {

WallTime now() { return std::chrono::system_clock::now(); }

std::uint64_t trial_count(const RunOutcome& outcome) {
  return outcome.result              ? outcome.result->trials.size()
         : outcome.plr_result        ? outcome.plr_result->trials.size()
         : outcome.fixed_load_result ? outcome.fixed_load_result->trials.size()
                                     : 0;
}

}  // namespace

JobThread::JobThread(JobThreadSettings settings, std::vector<std::unique_ptr<JobRunner>> runners,
                     RunnerParts parts)
    : settings_(std::move(settings)), parts_(parts), max_trials_(settings_.max_trials_per_job) {
  for (auto& runner : runners) {
    const SearchMethod method = runner->method();
    runners_[method] = std::move(runner);
  }
}

JobThread::~JobThread() { shutdown(); }

std::set<SearchMethod> JobThread::methods() const {
  std::set<SearchMethod> methods;
  for (const auto& entry : runners_) methods.insert(entry.first);
  return methods;
}

void JobThread::start() {
  for (std::size_t i = 0; i < std::max<std::size_t>(settings_.runners, 1); ++i) {
    threads_.emplace_back([this](std::stop_token shutdown) { run_loop(std::move(shutdown)); });
  }
}

void JobThread::shutdown() noexcept {
  parts_.queue.close();
  // Every runner stops first, then each is joined: their jobs stop together.
  for (std::jthread& thread : threads_) thread.request_stop();
  for (std::jthread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

void JobThread::run_loop(std::stop_token shutdown) {
  std::optional<Store> store;
  try {
    store.emplace(settings_.store_file, settings_.store_busy_timeout);
    store->set_max_bytes(settings_.max_store_bytes);
  } catch (const std::exception& error) {
    // Without a store no job can run safely; they stay queued for the next start.
    parts_.log.event(LogPriority::error, "store.failed", {{"reason", error.what()}});
    return;
  }
  while (std::optional<TakenJob> taken = parts_.queue.take_next(shutdown)) {
    run_one(*store, std::move(*taken), shutdown);
  }
}

void JobThread::run_one(Store& store, TakenJob taken, const std::stop_token& shutdown) {
  const JobId id = taken.job.id;
  RunOutcome outcome;
  {
    // The daemon's stop (SIGTERM) stops the job too; cancel stops only the job.
    // Scoped to the run: the callback is gone before `taken` is.
    const std::stop_callback forward_shutdown(shutdown,
                                              [&stop = taken.stop] { stop.request_stop(); });
    StoredPast past = load_past(store, taken);
    announce_start(taken.job, past);
    outcome = past.not_started ? *past.not_started : run_search(store, taken, std::move(past));
  }
  RunFacts facts = parts_.queue.running_facts(id);
  facts.outcome = outcome.kind;
  facts.outcome_reason = outcome.reason;
  facts.shutting_down = facts.shutting_down || shutdown.stop_requested();
  const JobEnd end = end_of_run(facts);
  record_end(store, id, end, outcome);
  close_job(store, id, end, outcome);
}

JobThread::StoredPast JobThread::load_past(Store& store, const TakenJob& taken) {
  // The stored trials are the job's past: a job must never start again from trial 1
  // because the store could not be read just now (a lock held by an `sqlite3` shell,
  // a read-only remount). Transient errors are waited out, visibly; cancel and
  // SIGTERM end the wait; anything else fails the job without measuring.
  const JobId id = taken.job.id;
  StoredPast past;
  try {
    const bool loaded = retry_transient(
        [&] {
          store.mark_running(id, taken.started_at);
          past.trials = store.trials(id);
          if (const auto record = store.job(id)) past.run_number = record->run_count;
          parts_.health.note_write(nullptr);
        },
        taken.stop.get_token(),
        [&](const std::exception& error, int attempt, measure::Seconds wait) {
          parts_.health.note_write(&error);
          parts_.log.event(LogPriority::warning, "store.retry",
                           {{"job", id},
                            {"attempt", attempt},
                            {"wait_s", wait.count()},
                            {"reason", error.what()}});
        });
    if (!loaded) {
      past.not_started = RunOutcome{RunOutcome::Kind::stopped,
                                    "stopped while waiting for the job store",
                                    std::nullopt,
                                    std::nullopt,
                                    std::nullopt,
                                    std::nullopt};
    }
  } catch (const std::exception& error) {
    parts_.log.event(LogPriority::error, "store.failed", {{"job", id}, {"reason", error.what()}});
    parts_.health.note_write(&error);
    past.not_started = RunOutcome::failure(
        is_store_full(error)
            ? std::string("cannot start: the job store cannot be written: ") + error.what() +
                  store_write_hint(error)
            : std::string("cannot read the job's stored trials, so it cannot resume without "
                          "measuring them again: ") +
                  error.what());
  }
  return past;
}

void JobThread::announce_start(const QueuedJob& job, const StoredPast& past) {
  parts_.log.event(LogPriority::info, "job.started",
                   {{"job", job.id},
                    {"name", job.name},
                    {"method", to_string(job.spec.method)},
                    {"measurer", measurer_kind(job.spec.measurer)},
                    {"run", past.run_number},
                    {"stored_trials", static_cast<std::uint64_t>(past.trials.size())}});
  parts_.watchers.publish(
      JobEvent{JobEvent::Kind::started, job.id, JobState::running, "", std::nullopt});
  parts_.queue.report_status();
}

std::optional<JobHookRunner> JobThread::job_hooks(Store& store, const QueuedJob& job,
                                                  int run_number) {
  if (job.spec.hooks.empty()) return std::nullopt;
  HookJobFacts facts;
  facts.job = job.id;
  facts.name = job.name;
  facts.method = std::string(to_string(job.spec.method));
  facts.testbed = job_testbed(job.spec);
  facts.run = static_cast<std::uint64_t>(std::max(run_number, 1));
  std::shared_ptr<const HookSet> definitions =
      settings_.hook_rules ? settings_.hook_rules->hooks() : std::make_shared<const HookSet>();
  const JobId id = job.id;
  return std::optional<JobHookRunner>(
      std::in_place, std::move(definitions), job.spec.hooks, std::move(facts),
      [this, &store, id](const HookRun& run) {
        // Kept with the job for show and export; a run the store cannot take is
        // still in the trial's notes and the log, so the job goes on.
        try {
          store.add_hook_run(id, run);
        } catch (const std::exception& error) {
          parts_.log.event(LogPriority::warning, "hook.not_stored",
                           {{"job", id}, {"hook", run.hook}, {"reason", error.what()}});
        }
        parts_.log.event(run.ok() ? LogPriority::debug : LogPriority::warning, "hook.ran",
                         {{"job", id}, {"text", run.summary()}});
      });
}

void JobThread::run_search_hooks(JobHookRunner& hooks, HookPoint point, const std::stop_token& stop,
                                 RunOutcome& outcome) {
  if (hooks.hooks().at(point).empty()) return;
  HookFacts facts;
  if (point == HookPoint::after_search) {
    facts.emplace_back("TREX_SEARCH_OUTCOME",
                       outcome.kind == RunOutcome::Kind::failed ? "failed" : "completed");
    facts.emplace_back("TREX_SEARCH_REASON", outcome.reason);
  }
  const HookPointResult result = hooks.run(point, facts, std::nullopt, 1, stop);
  if (result.cancelled) {
    outcome.kind = RunOutcome::Kind::stopped;
    return;
  }
  if (!result.fail_job) return;
  const std::string failure = "hook " + *result.fail_job;
  outcome.kind = RunOutcome::Kind::failed;
  outcome.reason = outcome.reason.empty() || point == HookPoint::before_search
                       ? failure
                       : outcome.reason + "; then " + failure;
}

RunOutcome JobThread::run_search(Store& store, const TakenJob& taken, StoredPast past) {
  const JobSpec& spec = taken.job.spec;
  const std::stop_token stop = taken.stop.get_token();
  std::optional<JobHookRunner> hooks = job_hooks(store, taken.job, past.run_number);
  JobObserver observer(parts_, store, taken.job.id, stop, max_trials_, hooks ? &*hooks : nullptr,
                       job_testbed(spec));
  RunOutcome outcome;
  try {
    const auto runner = runners_.find(spec.method);
    if (runner == runners_.end()) {
      throw NotSupportedError("method", std::string(to_string(spec.method)),
                              "no runner for this method");
    }
    // Every TRex RPC of the run (this thread) gives up soon after a cancel or
    // SIGTERM, whatever its rpc_timeout: kRpcWaitAfterStop for all of them.
    const trex::RpcStopScope rpc_stop(stop);
    // before_search runs at the start of every run, a resumed one too: the DUT may
    // have been reset while the daemon was down.
    if (hooks) run_search_hooks(*hooks, HookPoint::before_search, stop, outcome);
    if (outcome.kind != RunOutcome::Kind::completed) return outcome;
    outcome = runner->second->run(spec, std::move(past.trials), stop, observer);
  } catch (const std::exception& error) {
    outcome = RunOutcome::failure(error.what());
  }
  // After a run that ended by itself or failed (to collect the DUT's state), not
  // after a cancel or a daemon stop: those must end at once.
  if (hooks && outcome.kind != RunOutcome::Kind::stopped && !stop.stop_requested()) {
    run_search_hooks(*hooks, HookPoint::after_search, stop, outcome);
  }
  return outcome;
}

void JobThread::record_end(Store& store, JobId id, const JobEnd& end, const RunOutcome& outcome) {
  try {
    if (end.state == JobState::interrupted) {
      store.set_state(id, end.state, end.reason);
    } else if (outcome.plr_result) {
      store.finish_plr(id, end.state, end.reason, now(), *outcome.plr_result);
    } else if (outcome.fixed_load_result) {
      store.finish_fixed_load(id, end.state, end.reason, now(), *outcome.fixed_load_result);
    } else {
      store.finish(id, end.state, end.reason, now(), outcome.result ? &*outcome.result : nullptr,
                   outcome.latency ? &*outcome.latency : nullptr);
    }
    parts_.health.note_write(nullptr);
    return;
  } catch (const std::exception& error) {
    parts_.health.note_write(&error);
    parts_.log.event(LogPriority::error, "store.failed", {{"job", id}, {"reason", error.what()}});
    // The result did not fit (store or disk full): at least the end state and its
    // reason, a small write, so the job does not look running forever. On a full
    // disk even that needs the reserve; the result is not tried again (a PLR
    // result can be megabytes: it would eat the reserve that delete and the
    // checkpoint need). `show` still estimates from the stored trials.
    parts_.health.release_reserve_for(error, id);
    if (end.state == JobState::interrupted) return;
    try {
      store.finish(id, end.state, end.reason + "; its result could not be stored: " + error.what(),
                   now(), nullptr);
    } catch (const std::exception& again) {
      parts_.log.event(LogPriority::error, "store.failed", {{"job", id}, {"reason", again.what()}});
    }
  }
}

void JobThread::close_job(Store& store, JobId id, const JobEnd& end, const RunOutcome& outcome) {
  try {
    // Between jobs the log goes back into the database file, so a disk that fills
    // up later holds the store's pages there, not in a log the reserve must cover.
    store.checkpoint();
  } catch (const std::exception& error) {
    parts_.log.event(LogPriority::warning, "store.checkpoint_failed",
                     {{"job", id}, {"reason", error.what()}});
  }
  parts_.health.restore_reserve();
  const LogPriority priority =
      end.state == JobState::failed ? LogPriority::warning : LogPriority::info;
  parts_.log.event(priority, "job." + std::string(to_string(end.state)),
                   {{"job", id}, {"trials", trial_count(outcome)}, {"reason", end.reason}});
  parts_.queue.finish_running(id);
  parts_.watchers.publish(JobEvent{JobEvent::Kind::ended, id, end.state, end.reason, std::nullopt});
  parts_.queue.report_status();
  // Encoding a long soak's result (every trial with its fits: 1 MB of JSON, a tree
  // several times that) touches megabytes of this thread's malloc arena, which
  // glibc keeps after they are freed: a 12-hour PLR job left the idle daemon 8 MB
  // larger. Give them back between jobs (bench/daemon measures it).
  ::malloc_trim(0);
}

}  // namespace trexsearch::service
