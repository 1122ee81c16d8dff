#include "daemon/hooks/hooked_measurer.hpp"

#include <string>
#include <vector>

#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

/// Throws what a point's failure means for the trial (cancel, fail-job).
// The runners name the trial (its number, load and duration) in front.
void throw_if_fatal(const HookPointResult& result) {
  if (result.cancelled) throw measure::MeasurementCancelled();
  if (result.fail_job) throw measure::MeasurementError(*result.fail_job);
}

void add_run_notes(std::vector<measure::TrialNote>& notes, const HookPointResult& result) {
  for (const HookRun& run : result.runs) {
    const bool noted_failure = !run.ok() && run.failure_action == "note";
    notes.push_back(measure::TrialNote::of(
        noted_failure ? measure::note_key::hook_failed : measure::note_key::hook,
        std::string(to_string(run.point)) + " " + run.hook + " " + run.describe()));
  }
}

}  // namespace

HookedMeasurer::HookedMeasurer(measure::Measurer& live, JobHookRunner& hooks,
                               std::uint64_t next_trial, std::uint32_t max_attempts)
    : live_(live), hooks_(hooks), next_trial_(next_trial), max_attempts_(max_attempts) {}

measure::TrialOutcome HookedMeasurer::measure(measure::Seconds intended_duration,
                                              double intended_load_pps, std::stop_token stop) {
  return hooked(intended_duration, intended_load_pps, stop, false);
}

measure::TrialOutcome HookedMeasurer::measure_latency(measure::Seconds intended_duration,
                                                      double intended_load_pps,
                                                      std::stop_token stop) {
  return hooked(intended_duration, intended_load_pps, stop, true);
}

measure::TrialOutcome HookedMeasurer::hooked(measure::Seconds intended_duration,
                                             double intended_load_pps, const std::stop_token& stop,
                                             bool latency) {
  const std::uint64_t trial = next_trial_;
  std::vector<measure::TrialNote> repeats;
  std::string last_failure;
  for (std::uint32_t attempt = 1; attempt <= max_attempts_; ++attempt) {
    HookFacts facts = trial_facts(trial, attempt, intended_load_pps, intended_duration.count());
    const HookPointResult before = hooks_.run(HookPoint::before_trial, facts, trial, attempt, stop);
    throw_if_fatal(before);
    if (before.fail_trial) {
      last_failure = *before.fail_trial;
      repeats.push_back(measure::TrialNote::of(
          measure::note_key::repeated,
          "attempt " + std::to_string(attempt) + " discarded before measuring: " + last_failure));
      continue;
    }
    measure::TrialOutcome outcome =
        latency ? live_.measure_latency(intended_duration, intended_load_pps, stop)
                : live_.measure(intended_duration, intended_load_pps, stop);
    add_outcome_facts(facts, outcome);
    const HookPointResult after = hooks_.run(HookPoint::after_trial, facts, trial, attempt, stop);
    throw_if_fatal(after);
    if (after.fail_trial) {
      last_failure = *after.fail_trial;
      repeats.push_back(measure::TrialNote::of(
          measure::note_key::repeated,
          "attempt " + std::to_string(attempt) + " measured and discarded: " + last_failure));
      continue;
    }
    outcome.notes.insert(outcome.notes.end(), repeats.begin(), repeats.end());
    add_run_notes(outcome.notes, before);
    add_run_notes(outcome.notes, after);
    ++next_trial_;
    return outcome;
  }
  throw measure::MeasurementError("its hooks failed on all " + std::to_string(max_attempts_) +
                                  " attempts (on-failure = fail-trial); the last: " + last_failure);
}

}  // namespace trexsearch::service
