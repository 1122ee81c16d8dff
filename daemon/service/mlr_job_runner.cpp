#include "daemon/service/mlr_job_runner.hpp"

#include <chrono>
#include <optional>

#include "daemon/service/paced_measurer.hpp"
#include "daemon/service/resuming_measurer.hpp"
#include "search/controller.hpp"
#include "search/errors.hpp"

namespace trexsearch::service {
namespace {

JobProgress make_progress(const mlr::TrialRecord& record, std::span<const mlr::GoalProgress> goals,
                          const std::vector<std::string>& labels) {
  JobProgress progress;
  progress.trial_count = record.number;
  const TrialResult& result = record.result;
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

}  // namespace

RunOutcome MlrJobRunner::run(const JobSpec& spec, std::vector<StoredTrial> stored,
                             std::stop_token stop, RunObserver& observer) {
  const MeasurerFactory& factory = factories_.for_spec(spec.measurer);
  factory.check_allowed(spec.measurer);
  LiveMeasurer live;
  try {
    live = factory.make(spec.measurer);
  } catch (const std::exception& error) {
    return RunOutcome{RunOutcome::Kind::failed,
                      "cannot set up the " + std::string(measurer_kind(spec.measurer)) +
                          " measurer: " + error.what(),
                      std::nullopt, std::nullopt};
  }

  PacedMeasurer paced(std::move(live), time_mode(spec.measurer));
  if (paced.trex_version()) observer.trex_connected(*paced.trex_version());
  ShiftedClock& clock = paced.clock();
  std::vector<RecordedTrial> recorded;
  recorded.reserve(stored.size());
  for (const StoredTrial& trial : stored) recorded.push_back(trial.trial);
  ResumingMeasurer measurer(std::move(recorded), paced.measurer(), clock);

  std::vector<std::string> labels;
  for (std::size_t i = 0; i < spec.mlr.goals.size(); ++i) {
    labels.push_back(spec.mlr.goals[i].label(i));
  }
  mlr::SearchHooks hooks;
  hooks.on_trial = [&](const mlr::TrialRecord& record, std::span<const mlr::GoalProgress> goals) {
    JobProgress progress = make_progress(record, goals, labels);
    progress.search_time_limit = spec.mlr.search_duration_max;
    if (measurer.last_was_replayed()) {
      if (measurer.replayed() == measurer.stored()) {
        observer.replay_finished(measurer.replayed(), progress);
      }
      return;
    }
    StoredTrial trial;
    trial.number = record.number;
    trial.phase = record.phase;
    trial.started_at = record.started_at;
    trial.trial = RecordedTrial{record.result.intended_load_pps(),
                                record.result.intended_duration(), measurer.last_outcome()};
    trial.loss_ratio = record.result.loss_ratio();
    trial.recorded_at = std::chrono::system_clock::now();
    observer.trial_done(trial, progress);
  };
  hooks.debug = [&](std::string_view text) { observer.debug(text); };

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
  return outcome;
}

}  // namespace trexsearch::service
