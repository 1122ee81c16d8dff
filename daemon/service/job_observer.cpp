#include "daemon/service/job_observer.hpp"

#include "daemon/service/store_retry.hpp"

namespace trexsearch::service {

void JobManager::Observer::trial_done(const StoredTrial& trial, const JobProgress& progress) {
  // Durable first: the next trial starts only after this returns. A trial that
  // cannot be stored is not reported anywhere, and the job stops: measuring on
  // with nothing kept would waste the tester's time and lose the results. A
  // search that still finishes a trial before it sees the stop must not store
  // it either: the stored numbers would have a gap.
  if (store_failed_) return;
  try {
    // A busy or locked store pauses the search until it can be written (cancel
    // and SIGTERM still end the wait); a full disk fails the job below.
    const bool stored = retry_transient(
        [&] {
          store_.add_trial(id_, trial);
          manager_.note_store_write(nullptr);
        },
        manager_.running_stop_token(),
        [&](const std::exception& error, int attempt, measure::Seconds wait) {
          manager_.note_store_write(&error);
          manager_.log_.event(LogPriority::warning, "store.retry",
                              {{"job", id_},
                               {"trial", static_cast<std::uint64_t>(trial.number)},
                               {"attempt", attempt},
                               {"wait_s", wait.count()},
                               {"reason", error.what()}});
        });
    if (!stored) {
      // Stopped while waiting: the trial is not kept, so none after it may be.
      store_failed_ = true;
      return;
    }
  } catch (const std::exception& error) {
    store_failed_ = true;
    manager_.note_store_write(&error);
    manager_.fail_running("cannot store trial " + std::to_string(trial.number) + ": " +
                          error.what() + store_write_hint(error),
                          true);
    return;
  }
  std::uint64_t max_trials = 0;
  {
    // What the searches judge by: a tester-limited trial counts as loss 1 there,
    // but for a fleet's dashboard it is the tester's problem, not the SUT's.
    const bool tester_limited = progress.last_trial && progress.last_trial->tester_limited_pps;
    const char* result = tester_limited          ? "tester_limited"
                         : trial.loss_ratio > 0.0 ? "loss"
                                                  : "no_loss";
    std::lock_guard lock(manager_.mutex_);
    if (manager_.running_) manager_.running_->progress = progress;
    max_trials = manager_.settings_.max_trials_per_job;
    ++manager_.trial_totals_[{std::string(mlr::to_string(trial.phase)), result}];
  }
  manager_.log_.event(LogPriority::info, "trial.done",
                      {{"job", id_},
                       {"trial", static_cast<std::uint64_t>(trial.number)},
                       {"phase", mlr::to_string(trial.phase)},
                       {"load_pps", trial.trial.intended_load_pps},
                       {"duration", trial.trial.intended_duration.count()},
                       {"loss_ratio", trial.loss_ratio}});
  manager_.publish(JobEvent{JobEvent::Kind::trial, id_, JobState::running, "", progress});
  manager_.update_status();
  if (trial.number >= max_trials) {
    manager_.fail_running("the job reached max-trials-per-job = " + std::to_string(max_trials) +
                          " stored trials (each is kept; raise the limit to search longer)",
                          false);
  }
}

void JobManager::Observer::replay_finished(std::size_t replayed, const JobProgress& progress) {
  {
    std::lock_guard lock(manager_.mutex_);
    if (manager_.running_) manager_.running_->progress = progress;
  }
  manager_.log_.event(LogPriority::info, "job.resumed",
                      {{"job", id_}, {"replayed_trials", static_cast<std::uint64_t>(replayed)}});
  manager_.update_status();
}

void JobManager::Observer::trex_connected(const std::string& version) {
  store_.set_trex_version(id_, version);
  manager_.log_.event(LogPriority::info, "trex.connected", {{"job", id_}, {"version", version}});
}

void JobManager::Observer::debug(std::string_view text) {
  manager_.log_.event(LogPriority::debug, "search.debug", {{"job", id_}, {"text", text}});
}

}  // namespace trexsearch::service
