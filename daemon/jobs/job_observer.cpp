#include "daemon/jobs/job_observer.hpp"

#include "daemon/store/sqlite.hpp"
#include "daemon/store/store_retry.hpp"

namespace trexsearch::service {

JobObserver::JobObserver(RunnerParts parts, Store& store, JobId id, std::stop_token stop,
                         const std::atomic<std::uint64_t>& max_trials, JobHookRunner* hooks,
                         std::string testbed)
    : parts_(parts),
      store_(store),
      id_(id),
      testbed_(std::move(testbed)),
      stop_(std::move(stop)),
      max_trials_(max_trials),
      hooks_(hooks) {}

measure::Measurer& JobObserver::with_trial_hooks(measure::Measurer& live,
                                                 std::uint64_t next_trial) {
  if (hooks_ == nullptr || !hooks_->hooks().has_trial_hooks()) return live;
  hooked_.emplace(live, *hooks_, next_trial);
  return *hooked_;
}

void JobObserver::trial_done(const StoredTrial& trial, const JobProgress& progress) {
  // Durable first: the next trial starts only after this returns. A trial that
  // cannot be stored is not reported anywhere, and the job stops: measuring on
  // with nothing kept would waste the tester's time and lose the results. A
  // search that still finishes a trial before it sees the stop must not store
  // it either: the stored numbers would have a gap.
  if (store_failed_ || !store_trial(trial)) return;
  const std::uint64_t max_trials = max_trials_.load();
  report_trial(trial, progress);
  if (trial.number >= max_trials) {
    parts_.queue.fail_running(id_,
                              "the job reached max-trials-per-job = " + std::to_string(max_trials) +
                                  " stored trials (each is kept; raise the limit to search longer)",
                              false);
  }
}

bool JobObserver::store_trial(const StoredTrial& trial) {
  try {
    // A busy or locked store pauses the search until it can be written (cancel
    // and SIGTERM still end the wait); a full disk fails the job below.
    const bool stored = retry_transient(
        [&] {
          store_.add_trial(id_, trial);
          parts_.health.note_write(nullptr);
        },
        stop_,
        [&](const std::exception& error, int attempt, measure::Seconds wait) {
          parts_.health.note_write(&error);
          parts_.log.event(LogPriority::warning, "store.retry",
                           {{"job", id_},
                            {"trial", static_cast<std::uint64_t>(trial.number)},
                            {"attempt", attempt},
                            {"wait_s", wait.count()},
                            {"reason", error.what()}});
        });
    // Stopped while waiting: the trial is not kept, so none after it may be.
    if (!stored) store_failed_ = true;
    return stored;
  } catch (const std::exception& error) {
    store_failed_ = true;
    parts_.health.note_write(&error);
    parts_.queue.fail_running(id_,
                              "cannot store trial " + std::to_string(trial.number) + ": " +
                                  error.what() + store_write_hint(error),
                              true);
    return false;
  }
}

void JobObserver::report_trial(const StoredTrial& trial, const JobProgress& progress) {
  // What the searches judge by: a tester-limited trial counts as loss 1 there,
  // but for a fleet's dashboard it is the tester's problem, not the SUT's.
  const bool tester_limited = progress.last_trial && progress.last_trial->tester_limited_pps;
  const char* result = tester_limited           ? "tester_limited"
                       : trial.loss_ratio > 0.0 ? "loss"
                                                : "no_loss";
  parts_.tally.count(std::string(mlr::to_string(trial.phase)), result, testbed_);
  parts_.log.event(LogPriority::info, "trial.done",
                   {{"job", id_},
                    {"trial", static_cast<std::uint64_t>(trial.number)},
                    {"phase", mlr::to_string(trial.phase)},
                    {"load_pps", trial.trial.intended_load_pps},
                    {"duration", trial.trial.intended_duration.count()},
                    {"loss_ratio", trial.loss_ratio}});
  // With the progress, under the queue's lock: a watch that begins meanwhile counts
  // this trial in its reply's progress or gets its event, never both nor neither.
  parts_.queue.set_progress(id_, progress, [&] {
    parts_.watchers.publish(JobEvent{JobEvent::Kind::trial, id_, JobState::running, "", progress});
  });
  parts_.queue.report_status();
}

void JobObserver::replay_finished(std::size_t replayed, const JobProgress& progress) {
  parts_.queue.set_progress(id_, progress);
  parts_.log.event(LogPriority::info, "job.resumed",
                   {{"job", id_}, {"replayed_trials", static_cast<std::uint64_t>(replayed)}});
  parts_.queue.report_status();
}

void JobObserver::trex_connected(const std::string& version) {
  store_.set_trex_version(id_, version);
  parts_.log.event(LogPriority::info, "trex.connected", {{"job", id_}, {"version", version}});
}

void JobObserver::debug(std::string_view text) {
  parts_.log.event(LogPriority::debug, "search.debug", {{"job", id_}, {"text", text}});
}

}  // namespace trexsearch::service
