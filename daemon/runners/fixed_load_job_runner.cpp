#include "daemon/runners/fixed_load_job_runner.hpp"

#include <chrono>
#include <optional>

#include "daemon/runners/paced_measurer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

std::string percent(double ratio) { return measure::format_value(ratio * 100.0) + " %"; }

std::string threshold_detail(const FixedLoadPlan& plan, const StoredTrial& trial) {
  const measure::TrialOutcome& outcome = trial.trial.outcome;
  return "interval " + std::to_string(trial.number) + " lost " +
         std::to_string(outcome.loss_count) + " of " + std::to_string(outcome.offered_count) +
         " frames, above the loss ratio threshold " +
         percent(plan.loss_ratio_threshold.value_or(0.0));
}

measure::Seconds end_of(const StoredTrial& trial) {
  return trial.started_at +
         trial.trial.outcome.effective_duration.value_or(trial.trial.intended_duration);
}

/// Why the stored trials cannot be this job's first ones, if they cannot: the
/// trials are the result, so a gap or a foreign trial would make it wrong.
std::optional<std::string> resume_problem(const FixedLoadPlan& plan,
                                          const std::vector<StoredTrial>& stored) {
  for (std::size_t i = 0; i < stored.size(); ++i) {
    if (stored[i].number != i + 1 || stored[i].phase != mlr::TrialPhase::main ||
        stored[i].trial.intended_load_pps != plan.load_pps) {
      return "cannot resume: stored trial " + std::to_string(stored[i].number) + " is not trial " +
             std::to_string(i + 1) + " of this job at " + measure::format_value(plan.load_pps) +
             " pps";
    }
  }
  return std::nullopt;
}

JobProgress progress_of(const FixedLoadPlan& plan, const StoredTrial& trial) {
  JobProgress progress;
  progress.trial_count = trial.number;
  progress.last_trial = summarize_trial(
      trial.number, trial.phase, trial.started_at,
      measure::TrialResult::from_outcome(trial.trial.intended_load_pps,
                                         trial.trial.intended_duration, trial.trial.outcome));
  progress.search_time_limit_s =
      (plan.trial_duration * static_cast<double>(plan.trial_count)).count();
  return progress;
}

/// The job's outcome, with the result its trials so far make.
RunOutcome finish(const FixedLoadPlan& plan, const std::vector<StoredTrial>& trials,
                  RunOutcome::Kind kind, FixedLoadStop stop_reason, std::string detail) {
  RunOutcome outcome;
  outcome.kind = kind;
  outcome.reason = detail.empty() ? std::string(to_string(stop_reason)) : detail;
  outcome.fixed_load_result = summarize_fixed_load(plan, trials, stop_reason, std::move(detail));
  return outcome;
}

/// One trial at the plan's load, as the store keeps it. Throws what the measurer
/// throws, and measure::MeasurementError for counts that cannot be a trial
/// (directions that do not add up, negative frames): a bad answer fails the job
/// instead of entering the result.
StoredTrial measure_trial(measure::Measurer& measurer, const FixedLoadPlan& plan,
                          std::size_t number, measure::Seconds started_at, std::stop_token stop) {
  const measure::TrialOutcome outcome = measurer.measure(plan.trial_duration, plan.load_pps, stop);
  const measure::TrialResult result =
      measure::TrialResult::from_outcome(plan.load_pps, plan.trial_duration, outcome);
  StoredTrial record;
  record.loss_ratio = result.loss_ratio();
  record.trial = measure::RecordedTrial{plan.load_pps, plan.trial_duration, outcome};
  record.number = number;
  record.phase = mlr::TrialPhase::main;
  record.started_at = started_at;
  record.recorded_at = std::chrono::system_clock::now();
  return record;
}

/// The trials the plan still wants, until the count, the loss threshold, a stop
/// or a failure ends the job.
RunOutcome measure_remaining(const FixedLoadPlan& plan, std::vector<StoredTrial>& trials,
                             measure::Measurer& measurer, ShiftedClock& clock, std::stop_token stop,
                             RunObserver& observer) {
  while (trials.size() < plan.trial_count) {
    if (stop.stop_requested()) {
      return finish(plan, trials, RunOutcome::Kind::stopped, FixedLoadStop::cancelled, "");
    }
    StoredTrial record;
    try {
      record = measure_trial(measurer, plan, trials.size() + 1, clock.now(), stop);
    } catch (const measure::MeasurementCancelled&) {
      return finish(plan, trials, RunOutcome::Kind::stopped, FixedLoadStop::cancelled, "");
    } catch (const std::exception& error) {
      return finish(plan, trials, RunOutcome::Kind::failed, FixedLoadStop::failed,
                    "trial " + std::to_string(trials.size() + 1) + " failed: " + error.what());
    }
    observer.trial_done(record, progress_of(plan, record));
    trials.push_back(record);
    if (plan.stop_on_threshold && over_threshold(plan, record)) {
      return finish(plan, trials, RunOutcome::Kind::completed, FixedLoadStop::loss_threshold,
                    threshold_detail(plan, record));
    }
  }
  return finish(plan, trials, RunOutcome::Kind::completed, FixedLoadStop::completed, "");
}

}  // namespace

RunOutcome FixedLoadJobRunner::run(const JobSpec& spec, std::vector<StoredTrial> stored,
                                   std::stop_token stop, RunObserver& observer) {
  const FixedLoadPlan plan = fixed_load_plan(spec);
  if (const std::optional<std::string> problem = resume_problem(plan, stored)) {
    return RunOutcome::failure(*problem);
  }
  if (!stored.empty()) {
    observer.replay_finished(stored.size(), progress_of(plan, stored.back()));
    if (plan.stop_on_threshold && over_threshold(plan, stored.back())) {
      // Killed right after the interval that ended the soak: it stays ended.
      return finish(plan, stored, RunOutcome::Kind::completed, FixedLoadStop::loss_threshold,
                    threshold_detail(plan, stored.back()));
    }
  }
  if (stored.size() >= plan.trial_count) {
    return finish(plan, stored, RunOutcome::Kind::completed, FixedLoadStop::completed, "");
  }

  std::variant<LiveMeasurer, std::string> live = factories_.make_for_job(spec.measurer);
  if (const auto* problem = std::get_if<std::string>(&live)) return RunOutcome::failure(*problem);
  PacedMeasurer paced(std::move(std::get<LiveMeasurer>(live)), time_mode(spec.measurer));
  if (paced.trex_version()) observer.trex_connected(*paced.trex_version());
  ShiftedClock& clock = paced.clock();
  // The trials' times continue where the stored ones ended, as if never stopped.
  if (!stored.empty()) clock.shift(end_of(stored.back()) - clock.now());

  measure::Measurer& hooked = observer.with_trial_hooks(paced.measurer(), stored.size() + 1);
  return measure_remaining(plan, stored, hooked, clock, stop, observer);
}

}  // namespace trexsearch::service
