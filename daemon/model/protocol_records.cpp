#include "daemon/model/protocol_records.hpp"

#include <exception>

namespace trexsearch::service {
namespace {

// The ratio the stored counts give; none when they cannot form a trial, which
// the store never holds.
std::optional<double> measured_loss_ratio(const StoredTrial& stored) {
  try {
    return measure::TrialResult::from_outcome(stored.trial.intended_load_pps,
                                              stored.trial.intended_duration, stored.trial.outcome)
        .measured_loss_ratio();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

protocol::TrialRecord trial_record_of(const StoredTrial& stored) {
  const measure::TrialOutcome& outcome = stored.trial.outcome;
  protocol::TrialRecord trial;
  trial.number = stored.number;
  trial.phase = std::string(mlr::to_string(stored.phase));
  trial.load_pps = stored.trial.intended_load_pps;
  trial.intended_duration_s = stored.trial.intended_duration.count();
  if (outcome.effective_duration) trial.effective_duration_s = outcome.effective_duration->count();
  trial.offered_count = outcome.offered_count;
  trial.loss_count = outcome.loss_count;
  trial.intended_count = outcome.intended_count;
  trial.loss_ratio = stored.loss_ratio;
  trial.measured_loss_ratio = measured_loss_ratio(stored);
  trial.notes = outcome.notes;
  trial.directions = outcome.directions;
  trial.tester_limited_pps = outcome.tester_limited_pps;
  trial.counters = outcome.counters;
  trial.latency = outcome.latency;
  trial.started_at_s = stored.started_at.count();
  trial.recorded_at = format_utc(stored.recorded_at);
  if (stored.plr) trial.estimate = stored.plr->estimate;
  return trial;
}

protocol::TrialEvent trial_event_of(JobId job, const JobProgress& progress) {
  protocol::TrialEvent event;
  event.job = job;
  event.trial_count = progress.trial_count;
  if (progress.last_trial) {
    const protocol::TrialRecord& trial = *progress.last_trial;
    event.trial = trial;
    event.search_time_s = trial.started_at_s.value_or(0.0) +
                          trial.effective_duration_s.value_or(trial.intended_duration_s);
  }
  event.goals = progress.goals;
  event.estimate = progress.estimate;
  event.search_time_limit_s = progress.search_time_limit_s;
  return event;
}

std::vector<protocol::GoalBounds> goal_bounds_of(const std::vector<mlr::GoalResult>& goals) {
  std::vector<protocol::GoalBounds> bounds;
  bounds.reserve(goals.size());
  for (const mlr::GoalResult& goal : goals) {
    bounds.push_back({goal.label, goal.relevant_lower_bound_pps, goal.relevant_upper_bound_pps,
                      goal.regular(), goal.irregular_reason, goal.tester_limit, goal.clean()});
  }
  return bounds;
}

protocol::LineRateFacts line_rate_facts_of(const trex::LineRate& line_rate) {
  return {line_rate.port_bps / 1e9, line_rate.frame_bytes, line_rate.line_rate_pps()};
}

namespace {

protocol::RateStats rate_stats_of(const RateStats& stats) {
  return {stats.mean_pps, stats.stdev_pps, stats.min_pps, stats.max_pps};
}

std::optional<protocol::SoakThresholdView> threshold_of(const FixedLoadResult& result) {
  if (!result.plan.loss_ratio_threshold) return std::nullopt;
  return protocol::SoakThresholdView{
      *result.plan.loss_ratio_threshold, result.plan.stop_on_threshold ? "stop" : "flag",
      result.intervals_over_threshold,
      result.first_over_threshold ? std::optional<std::uint64_t>(*result.first_over_threshold)
                                  : std::nullopt};
}

}  // namespace

protocol::FixedLoadView fixed_load_view_of(const FixedLoadResult& result) {
  protocol::FixedLoadView view;
  view.stop_reason = std::string(to_string(result.stop_reason));
  view.stop_detail = result.stop_detail;
  view.trial_count = result.trials.size();
  view.trials_planned = result.plan.trial_count;
  view.trial_duration_s = result.plan.trial_duration.count();
  view.load_pps = result.plan.load_pps;
  if (result.receive_rate) view.receive_rate = rate_stats_of(*result.receive_rate);
  for (const DirectionRateStats& direction : result.directions) {
    view.directions.push_back({direction.direction, rate_stats_of(direction.receive_rate)});
  }
  // How the rates were computed, so nobody has to guess.
  view.rate_basis = "received frames / intended trial duration; stdev over trials (population)";
  view.sut_loss_ratio = result.sut_loss_ratio;
  view.threshold = threshold_of(result);
  // A tester-limited trial's receive rate is the tester's, so the result is not the SUT's
  // (the key result_not_clean() reads).
  view.tester_limited = result.tester_limited();
  view.tester_limited_trials = result.tester_limited_trials;
  view.tester_reached_pps = result.tester_reached_pps;
  view.counters = result.counters;
  for (const FixedLoadTrial& trial : result.trials) {
    const auto& stored = trial.stored.trial;
    view.effective_duration_sum_s +=
        stored.outcome.effective_duration.value_or(stored.intended_duration).count();
    view.trials.push_back(trial_record_of(trial.stored));
    view.trial_rates.push_back({trial.receive_rate_pps, trial.direction_receive_rates_pps,
                                trial.sut_loss_ratio, trial.over_threshold});
  }
  return view;
}

protocol::HookRunRecord hook_run_record_of(const HookRun& run) {
  protocol::HookRunRecord record;
  record.hook = run.hook;
  record.point = std::string(to_string(run.point));
  record.trial = run.trial_number;
  record.attempt = run.attempt;
  record.started_at = to_unix_seconds(run.started_at);
  record.duration_s = run.duration.count();
  record.end = std::string(to_string(run.end));
  record.status = run.status;
  record.ok = run.ok();
  record.text = run.describe();
  record.output = run.output;
  record.output_dropped_bytes = run.output_dropped_bytes;
  record.failure_action = run.failure_action;
  return record;
}

}  // namespace trexsearch::service
