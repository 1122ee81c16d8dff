#include "daemon/runners/mlr_job_runner.hpp"

#include <chrono>
#include <optional>

#include "daemon/runners/latency_phase.hpp"
#include "daemon/runners/resuming_measurer.hpp"
#include "daemon/runners/search_measurer.hpp"
#include "measure/errors.hpp"
#include "search/controller.hpp"

namespace trexsearch::service {
namespace {

JobProgress make_progress(const mlr::TrialRecord& record, std::span<const mlr::GoalProgress> goals,
                          const std::vector<std::string>& labels) {
  JobProgress progress;
  progress.trial_count = record.number;
  const measure::TrialResult& result = record.result;
  progress.last_trial = summarize_trial(record.number, record.phase, record.started_at, result);
  for (std::size_t i = 0; i < goals.size(); ++i) {
    progress.goals.push_back({i < labels.size() ? labels[i] : "goal " + std::to_string(i + 1),
                              goals[i].lower_bound_pps, goals[i].upper_bound_pps,
                              goals[i].target_depth, goals[i].done});
  }
  return progress;
}

RunOutcome outcome_of(mlr::SearchResult result) {
  RunOutcome outcome;
  outcome.reason = result.stop_detail;
  switch (result.stop_reason) {
    case mlr::StopReason::completed:
    case mlr::StopReason::fail_fast:
    case mlr::StopReason::search_time_exceeded:
      // The search ended on its own terms; irregular goals say why in the result.
      outcome.kind = RunOutcome::Kind::completed;
      break;
    case mlr::StopReason::cancelled:
      outcome.kind = RunOutcome::Kind::stopped;
      break;
    case mlr::StopReason::measurer_failed:
      outcome.kind = RunOutcome::Kind::failed;
      break;
  }
  outcome.result = std::move(result);
  return outcome;
}

// The latency streams' rate as the search's own trials told it (every_trial).
std::optional<double> rate_from_search(const mlr::SearchResult& result) {
  std::optional<double> rate;
  for (const mlr::TrialRecord& trial : result.trials) {
    for (const measure::DirectionLatency& direction : trial.result.latency()) {
      if (direction.rate_pps > 0.0) rate = std::max(rate.value_or(0.0), direction.rate_pps);
    }
  }
  return rate;
}

// Watchers of a latency trial see the search's final bounds.
std::vector<GoalProgress> final_goals(const mlr::SearchResult& result) {
  std::vector<GoalProgress> goals;
  for (const mlr::GoalResult& goal : result.goals) {
    goals.push_back(
        {goal.label, goal.relevant_lower_bound_pps, goal.relevant_upper_bound_pps, 0, true});
  }
  return goals;
}

/// Stored trials for the resuming measurer: the search's, and the latency
/// phase's apart.
struct StoredForReplay {
  std::vector<measure::RecordedTrial> search;
  std::vector<measure::RecordedTrial> latency;
};

StoredForReplay split_stored(const std::vector<StoredTrial>& stored) {
  StoredForReplay split;
  split.search.reserve(stored.size());
  for (const StoredTrial& trial : stored) {
    (trial.phase == mlr::TrialPhase::latency ? split.latency : split.search).push_back(trial.trial);
  }
  return split;
}

/// Hands each live trial to the observer to store and report; a replayed one
/// only tells it when the replay is over.
class LiveTrialStore {
 public:
  LiveTrialStore(const ResumingMeasurer& measurer, RunObserver& observer)
      : measurer_(measurer), observer_(observer) {}

  void operator()(std::size_t number, mlr::TrialPhase phase, measure::Seconds started_at,
                  const measure::TrialResult& result, const JobProgress& progress) const {
    if (measurer_.last_was_replayed()) {
      if (all_replayed()) {
        observer_.replay_finished(measurer_.replayed() + measurer_.replayed_latency(), progress);
      }
      return;
    }
    StoredTrial trial;
    trial.number = number;
    trial.phase = phase;
    trial.started_at = started_at;
    trial.trial = measure::RecordedTrial{result.intended_load_pps(), result.intended_duration(),
                                         result.outcome()};
    trial.loss_ratio = result.loss_ratio();
    trial.recorded_at = std::chrono::system_clock::now();
    observer_.trial_done(trial, progress);
  }

 private:
  bool all_replayed() const {
    return measurer_.replayed() == measurer_.stored() &&
           measurer_.replayed_latency() == measurer_.stored_latency();
  }

  const ResumingMeasurer& measurer_;
  RunObserver& observer_;
};

/// A resumed search that ended on its own terms without asking for every stored
/// trial: the spec or the controller changed since they were measured, so this
/// result is not the search that was started.
void require_full_replay(RunOutcome& outcome, const ResumingMeasurer& measurer) {
  if (measurer.replayed() < measurer.stored() && outcome.kind != RunOutcome::Kind::failed &&
      outcome.kind != RunOutcome::Kind::stopped) {
    outcome.kind = RunOutcome::Kind::failed;
    outcome.reason = "cannot resume: the search ended after " +
                     std::to_string(measurer.replayed()) + " of " +
                     std::to_string(measurer.stored()) + " stored trials";
  }
}

/// What the latency phase needs from the run around it.
struct LatencyRun {
  const JobSpec& spec;
  ResumingMeasurer& measurer;
  ShiftedClock& clock;
  measure::Seconds origin;
  std::stop_token stop;
  const LiveTrialStore& store;
};

/// The latency phase (docs/latency.md), after a search that ended on its own
/// terms: its trials are stored like the search's, and its end decides the
/// job's outcome.
void run_latency_after(const LatencyRun& run, RunOutcome& outcome) {
  const mlr::SearchResult& search = *outcome.result;
  const LatencyPlan plan = plan_latency_phase(run.spec.latency, run.spec.mlr, search.goals);
  const std::vector<GoalProgress> goals = final_goals(search);
  const auto on_trial = [&](const LatencyTrialDone& done) {
    JobProgress progress;
    progress.trial_count = done.number;
    progress.last_trial =
        summarize_trial(done.number, mlr::TrialPhase::latency, done.started_at, *done.result);
    progress.goals = goals;
    progress.search_time_limit_s = run.spec.mlr.search_duration_max.count();
    run.store(done.number, mlr::TrialPhase::latency, done.started_at, *done.result, progress);
  };
  LatencyPhaseOutcome phase =
      run_latency_phase(plan, run.spec.mlr, rate_from_search(search), run.measurer, run.clock,
                        run.origin, search.trials.size() + 1, run.stop, on_trial);
  if (phase.cancelled) {
    outcome.kind = RunOutcome::Kind::stopped;
    outcome.reason = "cancelled during the latency phase";
  } else if (phase.failure) {
    outcome.kind = RunOutcome::Kind::failed;
    outcome.reason = *phase.failure;
  } else if (run.measurer.replayed_latency() < run.measurer.stored_latency()) {
    outcome.kind = RunOutcome::Kind::failed;
    outcome.reason = "cannot resume: the latency phase ended after " +
                     std::to_string(run.measurer.replayed_latency()) + " of " +
                     std::to_string(run.measurer.stored_latency()) + " stored latency trials";
  }
  outcome.latency = std::move(phase.result);
}

}  // namespace

RunOutcome MlrJobRunner::run(const JobSpec& spec, std::vector<StoredTrial> stored,
                             std::stop_token stop, RunObserver& observer) {
  auto made = SearchMeasurer::make(
      factories_, spec,
      spec.latency.every_trial ? std::optional<std::string>("latency.every_trial") : std::nullopt,
      observer);
  if (const auto* problem = std::get_if<std::string>(&made)) return RunOutcome::failure(*problem);
  SearchMeasurer& search_measurer = *std::get<std::unique_ptr<SearchMeasurer>>(made);

  ShiftedClock& clock = search_measurer.paced().clock();
  StoredForReplay replay = split_stored(stored);
  measure::Measurer& live =
      observer.with_trial_hooks(search_measurer.measurer(), stored.size() + 1);
  ResumingMeasurer measurer(std::move(replay.search), live, clock, std::move(replay.latency));
  const LiveTrialStore store(measurer, observer);

  std::vector<std::string> labels;
  for (std::size_t i = 0; i < spec.mlr.goals.size(); ++i) {
    labels.push_back(spec.mlr.goals[i].label(i));
  }
  mlr::SearchHooks hooks;
  hooks.on_trial = [&](const mlr::TrialRecord& record, std::span<const mlr::GoalProgress> goals) {
    JobProgress progress = make_progress(record, goals, labels);
    progress.search_time_limit_s = spec.mlr.search_duration_max.count();
    store(record.number, record.phase, record.started_at, record.result, progress);
  };
  hooks.debug = [&](std::string_view text) { observer.debug(text); };

  const measure::Seconds origin = clock.now();
  const mlr::Controller controller(spec.mlr, clock);
  RunOutcome outcome = outcome_of(controller.search(measurer, stop, hooks));
  require_full_replay(outcome, measurer);
  if (!search_measurer.latency() || outcome.kind != RunOutcome::Kind::completed ||
      !outcome.result) {
    return outcome;
  }
  run_latency_after(LatencyRun{spec, measurer, clock, origin, stop, store}, outcome);
  return outcome;
}

}  // namespace trexsearch::service
