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

}  // namespace

RunOutcome FixedLoadJobRunner::run(const JobSpec& spec, std::vector<StoredTrial> stored,
                                   std::stop_token stop, RunObserver& observer) {
  const FixedLoadPlan plan = fixed_load_plan(spec);
  for (std::size_t i = 0; i < stored.size(); ++i) {
    // The trials are the result: a gap or a foreign trial would make it wrong.
    if (stored[i].number != i + 1 || stored[i].phase != mlr::TrialPhase::main ||
        stored[i].trial.intended_load_pps != plan.load_pps) {
      return RunOutcome::failure("cannot resume: stored trial " + std::to_string(stored[i].number) +
                                 " is not trial " + std::to_string(i + 1) + " of this job at " +
                                 measure::format_value(plan.load_pps) + " pps");
    }
  }
  const auto finish = [&](RunOutcome::Kind kind, FixedLoadStop stop_reason, std::string detail) {
    RunOutcome outcome;
    outcome.kind = kind;
    outcome.reason = detail.empty() ? std::string(to_string(stop_reason)) : detail;
    outcome.fixed_load_result = summarize_fixed_load(plan, stored, stop_reason, std::move(detail));
    return outcome;
  };
  const auto progress_of = [&](const StoredTrial& trial) {
    JobProgress progress;
    progress.trial_count = trial.number;
    progress.last_trial = summarize_trial(
        trial.number, trial.phase, trial.started_at,
        measure::TrialResult::from_outcome(trial.trial.intended_load_pps,
                                           trial.trial.intended_duration, trial.trial.outcome));
    progress.search_time_limit_s =
        (plan.trial_duration * static_cast<double>(plan.trial_count)).count();
    return progress;
  };
  if (!stored.empty()) {
    observer.replay_finished(stored.size(), progress_of(stored.back()));
    if (plan.stop_on_threshold && over_threshold(plan, stored.back())) {
      // Killed right after the interval that ended the soak: it stays ended.
      return finish(RunOutcome::Kind::completed, FixedLoadStop::loss_threshold,
                    threshold_detail(plan, stored.back()));
    }
  }
  if (stored.size() >= plan.trial_count) {
    return finish(RunOutcome::Kind::completed, FixedLoadStop::completed, "");
  }

  std::variant<LiveMeasurer, std::string> live = factories_.make_for_job(spec.measurer);
  if (const auto* problem = std::get_if<std::string>(&live)) return RunOutcome::failure(*problem);
  PacedMeasurer paced(std::move(std::get<LiveMeasurer>(live)), time_mode(spec.measurer));
  if (paced.trex_version()) observer.trex_connected(*paced.trex_version());
  ShiftedClock& clock = paced.clock();
  // The trials' times continue where the stored ones ended, as if never stopped.
  if (!stored.empty()) clock.shift(end_of(stored.back()) - clock.now());

  measure::Measurer& hooked = observer.with_trial_hooks(paced.measurer(), stored.size() + 1);
  while (stored.size() < plan.trial_count) {
    if (stop.stop_requested()) {
      return finish(RunOutcome::Kind::stopped, FixedLoadStop::cancelled, "");
    }
    const measure::Seconds started_at = clock.now();
    StoredTrial record;
    try {
      const measure::TrialOutcome outcome =
          hooked.measure(plan.trial_duration, plan.load_pps, stop);
      // Validates the counts (directions add up, no negative frames): a bad answer
      // fails the job instead of entering the result.
      const measure::TrialResult result =
          measure::TrialResult::from_outcome(plan.load_pps, plan.trial_duration, outcome);
      record.loss_ratio = result.loss_ratio();
      record.trial = measure::RecordedTrial{plan.load_pps, plan.trial_duration, outcome};
    } catch (const measure::MeasurementCancelled&) {
      return finish(RunOutcome::Kind::stopped, FixedLoadStop::cancelled, "");
    } catch (const std::exception& error) {
      RunOutcome outcome =
          finish(RunOutcome::Kind::failed, FixedLoadStop::failed,
                 "trial " + std::to_string(stored.size() + 1) + " failed: " + error.what());
      return outcome;
    }
    record.number = stored.size() + 1;
    record.phase = mlr::TrialPhase::main;
    record.started_at = started_at;
    record.recorded_at = std::chrono::system_clock::now();
    observer.trial_done(record, progress_of(record));
    stored.push_back(record);
    if (plan.stop_on_threshold && over_threshold(plan, record)) {
      return finish(RunOutcome::Kind::completed, FixedLoadStop::loss_threshold,
                    threshold_detail(plan, record));
    }
  }
  return finish(RunOutcome::Kind::completed, FixedLoadStop::completed, "");
}

}  // namespace trexsearch::service
