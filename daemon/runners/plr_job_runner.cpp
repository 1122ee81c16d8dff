#include "daemon/runners/plr_job_runner.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <variant>
#include <vector>

#include "daemon/runners/search_measurer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

JobProgress make_progress(const plr::PlrTrial& trial) {
  JobProgress progress;
  progress.trial_count = trial.number;
  const measure::TrialResult& result = trial.result;
  progress.last_trial =
      summarize_trial(trial.number, mlr::TrialPhase::main, trial.started_at, result);
  progress.estimate = trial.estimate;
  return progress;
}

// The measurer's answer, rebuilt from the validated result (the soak search keeps
// only that); TrialResult::from_outcome of it gives the same result back.
measure::TrialOutcome outcome_of(const measure::TrialResult& result) {
  measure::TrialOutcome outcome;
  if (const auto& counts = result.counts()) {
    outcome.offered_count = counts->offered;
    outcome.loss_count = counts->loss;
    outcome.intended_count = counts->intended;
  }
  outcome.effective_duration = result.effective_duration();
  outcome.notes = result.notes();
  // Without these a stored tester-limited trial would come back from the store as
  // an ordinary one (loss ratio from its counts), and reports would lose the
  // per-direction counts.
  outcome.directions = result.directions();
  outcome.tester_limited_pps = result.tester_limited_pps();
  outcome.counters = result.counters();
  outcome.latency = result.latency();
  return outcome;
}

RunOutcome::Kind kind_of(plr::PlrStopReason reason) {
  switch (reason) {
    case plr::PlrStopReason::time_budget:
    case plr::PlrStopReason::target_stdev_reached:
      return RunOutcome::Kind::completed;
    case plr::PlrStopReason::cancelled:
      return RunOutcome::Kind::stopped;
    case plr::PlrStopReason::measurer_failed:
      return RunOutcome::Kind::failed;
  }
  return RunOutcome::Kind::failed;
}

/// The PLR state each stored trial was kept with, in order; or why the job
/// cannot resume.
std::variant<std::vector<plr::PlrTrial>, std::string> plr_states(
    const std::vector<StoredTrial>& stored) {
  std::vector<plr::PlrTrial> states;
  states.reserve(stored.size());
  for (const StoredTrial& trial : stored) {
    if (!trial.plr) {
      return "cannot resume: stored trial " + std::to_string(trial.number) + " has no PLR state";
    }
    states.push_back(*trial.plr);
  }
  return states;
}

/// plr_resume = deadline: the deadline is the original start plus the time
/// budget, so the wall time since the last stored trial (the daemon was down) is
/// spent too. At least the stored search time stays, so a late resume ends at
/// once with the stored estimate.
void spend_downtime(plr::PlrConfig& config, const StoredTrial& last_stored,
                    const plr::PlrTrial& last_state, RunObserver& observer) {
  const measure::Seconds downtime = std::chrono::duration_cast<measure::Seconds>(
      std::chrono::system_clock::now() - last_stored.recorded_at);
  if (downtime.count() <= 0.0) return;
  config.time_budget = std::max(config.time_budget - downtime, last_state.finished_at);
  observer.debug("plr_resume=deadline: " + measure::format_value(downtime.count()) +
                 " s downtime, time budget now " +
                 measure::format_value(config.time_budget.count()) + " s");
}

/// A live trial as the store keeps it, with its PLR state for a resume.
StoredTrial stored_trial(const plr::PlrTrial& trial) {
  StoredTrial record;
  record.number = trial.number;
  record.phase = mlr::TrialPhase::main;
  record.started_at = trial.started_at;
  record.trial = measure::RecordedTrial{trial.result.intended_load_pps(),
                                        trial.result.intended_duration(), outcome_of(trial.result)};
  record.loss_ratio = trial.result.loss_ratio();
  record.recorded_at = std::chrono::system_clock::now();
  record.plr = trial;
  return record;
}

RunOutcome outcome_from(plr::PlrResult result) {
  RunOutcome outcome;
  outcome.kind = kind_of(result.stop_reason);
  outcome.reason = result.stop_detail.empty() ? std::string(plr::to_string(result.stop_reason))
                                              : result.stop_detail;
  outcome.plr_result = std::move(result);
  return outcome;
}

}  // namespace

RunOutcome PlrJobRunner::run(const JobSpec& spec, std::vector<StoredTrial> stored,
                             std::stop_token stop, RunObserver& observer) {
  // A soak with latency streams records latency on every trial (docs/latency.md), so
  // its report can show latency over time and flag a trend.
  auto made = SearchMeasurer::make(factories_, spec, "latency on a PLR soak", observer);
  if (const auto* problem = std::get_if<std::string>(&made)) return RunOutcome::failure(*problem);
  SearchMeasurer& soak = *std::get<std::unique_ptr<SearchMeasurer>>(made);
  PacedMeasurer& paced = soak.paced();

  auto states = plr_states(stored);
  if (const auto* problem = std::get_if<std::string>(&states)) return RunOutcome::failure(*problem);
  const std::vector<plr::PlrTrial>& resume_from = std::get<std::vector<plr::PlrTrial>>(states);

  PlrRunnerSettings settings;
  {
    std::lock_guard lock(mutex_);
    settings = settings_;
  }
  plr::PlrConfig config = spec.plr;
  if (settings.threads_per_fit > 0) config.threads_per_fit = settings.threads_per_fit;
  const PlrResume resume = spec.plr_resume.value_or(settings.resume);
  if (!stored.empty() && resume == PlrResume::deadline && !paced.compressed()) {
    spend_downtime(config, stored.back(), resume_from.back(), observer);
  }

  std::optional<plr::SoakSearch> search;
  try {
    search.emplace(config, paced.clock());
    if (!resume_from.empty()) plr::validate_resume_trials(resume_from);
  } catch (const std::exception& error) {
    return RunOutcome::failure(std::string(resume_from.empty() ? "" : "cannot resume: ") +
                               error.what());
  }
  const auto progress_of = [&config](const plr::PlrTrial& trial) {
    JobProgress progress = make_progress(trial);
    progress.search_time_limit_s = config.time_budget.count();
    return progress;
  };
  if (!resume_from.empty())
    observer.replay_finished(resume_from.size(), progress_of(resume_from.back()));

  plr::PlrHooks hooks;
  hooks.on_trial = [&](const plr::PlrTrial& trial) {
    observer.trial_done(stored_trial(trial), progress_of(trial));
  };
  hooks.debug = [&](std::string_view text) { observer.debug(text); };
  hooks.on_worker_start = integration_thread_start_;
  hooks.gate = gate_.get();

  measure::Measurer& live = observer.with_trial_hooks(soak.measurer(), resume_from.size() + 1);
  return outcome_from(search->run(live, stop, hooks, resume_from));
}

void PlrJobRunner::set_settings(PlrRunnerSettings settings) {
  std::lock_guard lock(mutex_);
  settings_ = settings;
}

}  // namespace trexsearch::service
