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

}  // namespace

RunOutcome MlrJobRunner::run(const JobSpec& spec, std::vector<StoredTrial> stored,
                             std::stop_token stop, RunObserver& observer) {
  auto made = SearchMeasurer::make(
      factories_, spec,
      spec.latency.every_trial ? std::optional<std::string>("latency.every_trial") : std::nullopt,
      observer);
  if (const auto* problem = std::get_if<std::string>(&made)) return RunOutcome::failure(*problem);
  SearchMeasurer& search_measurer = *std::get<std::unique_ptr<SearchMeasurer>>(made);
  const bool latency = search_measurer.latency();

  ShiftedClock& clock = search_measurer.paced().clock();
  std::vector<measure::RecordedTrial> recorded;
  std::vector<measure::RecordedTrial> recorded_latency;
  recorded.reserve(stored.size());
  for (const StoredTrial& trial : stored) {
    (trial.phase == mlr::TrialPhase::latency ? recorded_latency : recorded).push_back(trial.trial);
  }
  measure::Measurer& live =
      observer.with_trial_hooks(search_measurer.measurer(), stored.size() + 1);
  ResumingMeasurer measurer(std::move(recorded), live, clock, std::move(recorded_latency));
  const auto all_replayed = [&measurer] {
    return measurer.replayed() == measurer.stored() &&
           measurer.replayed_latency() == measurer.stored_latency();
  };

  std::vector<std::string> labels;
  for (std::size_t i = 0; i < spec.mlr.goals.size(); ++i) {
    labels.push_back(spec.mlr.goals[i].label(i));
  }
  const auto store_live = [&](std::size_t number, mlr::TrialPhase phase,
                              measure::Seconds started_at, const measure::TrialResult& result,
                              const JobProgress& progress) {
    if (measurer.last_was_replayed()) {
      if (all_replayed()) {
        observer.replay_finished(measurer.replayed() + measurer.replayed_latency(), progress);
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
    observer.trial_done(trial, progress);
  };
  mlr::SearchHooks hooks;
  hooks.on_trial = [&](const mlr::TrialRecord& record, std::span<const mlr::GoalProgress> goals) {
    JobProgress progress = make_progress(record, goals, labels);
    progress.search_time_limit_s = spec.mlr.search_duration_max.count();
    store_live(record.number, record.phase, record.started_at, record.result, progress);
  };
  hooks.debug = [&](std::string_view text) { observer.debug(text); };

  const measure::Seconds origin = clock.now();
  const mlr::Controller controller(spec.mlr, clock);
  RunOutcome outcome = outcome_of(controller.search(measurer, stop, hooks));
  if (measurer.replayed() < measurer.stored() && outcome.kind != RunOutcome::Kind::failed &&
      outcome.kind != RunOutcome::Kind::stopped) {
    // The search ended before asking for every stored trial: the spec or the
    // controller changed since they were measured, so this result is not the
    // search that was started.
    outcome.kind = RunOutcome::Kind::failed;
    outcome.reason = "cannot resume: the search ended after " +
                     std::to_string(measurer.replayed()) + " of " +
                     std::to_string(measurer.stored()) + " stored trials";
  }
  if (!latency || outcome.kind != RunOutcome::Kind::completed || !outcome.result) return outcome;

  // The latency phase (docs/latency.md): after a search that ended on its own terms.
  const mlr::SearchResult& search = *outcome.result;
  const LatencyPlan plan = plan_latency_phase(spec.latency, spec.mlr, search.goals);
  const std::vector<GoalProgress> goals = final_goals(search);
  const auto on_trial = [&](const LatencyTrialDone& done) {
    JobProgress progress;
    progress.trial_count = done.number;
    progress.last_trial =
        summarize_trial(done.number, mlr::TrialPhase::latency, done.started_at, *done.result);
    progress.goals = goals;
    progress.search_time_limit_s = spec.mlr.search_duration_max.count();
    store_live(done.number, mlr::TrialPhase::latency, done.started_at, *done.result, progress);
  };
  LatencyPhaseOutcome phase =
      run_latency_phase(plan, spec.mlr, rate_from_search(search), measurer, clock, origin,
                        search.trials.size() + 1, stop, on_trial);
  if (phase.cancelled) {
    outcome.kind = RunOutcome::Kind::stopped;
    outcome.reason = "cancelled during the latency phase";
  } else if (phase.failure) {
    outcome.kind = RunOutcome::Kind::failed;
    outcome.reason = *phase.failure;
  } else if (measurer.replayed_latency() < measurer.stored_latency()) {
    outcome.kind = RunOutcome::Kind::failed;
    outcome.reason = "cannot resume: the latency phase ended after " +
                     std::to_string(measurer.replayed_latency()) + " of " +
                     std::to_string(measurer.stored_latency()) + " stored latency trials";
  }
  outcome.latency = std::move(phase.result);
  return outcome;
}

}  // namespace trexsearch::service
