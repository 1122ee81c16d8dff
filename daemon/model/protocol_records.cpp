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

protocol::TrialRecord trial_record_of(const TrialSummary& summary) {
  protocol::TrialRecord trial;
  trial.number = summary.number;
  trial.phase = std::string(mlr::to_string(summary.phase));
  trial.load_pps = summary.load_pps;
  trial.intended_duration_s = summary.intended_duration.count();
  trial.effective_duration_s = summary.effective_duration.count();
  trial.loss_ratio = summary.loss_ratio;
  trial.measured_loss_ratio = summary.measured_loss_ratio;
  trial.notes = summary.notes;
  trial.directions = summary.directions;
  trial.tester_limited_pps = summary.tester_limited_pps;
  trial.counters = summary.counters;
  trial.latency = summary.latency;
  trial.started_at_s = summary.started_at.count();
  return trial;
}

namespace {

std::vector<protocol::GoalProgress> goal_progress_of(const std::vector<GoalProgressView>& goals) {
  std::vector<protocol::GoalProgress> progress;
  progress.reserve(goals.size());
  for (const GoalProgressView& goal : goals) {
    progress.push_back(
        {goal.label, goal.lower_bound_pps, goal.upper_bound_pps, goal.target_depth, goal.done});
  }
  return progress;
}

std::optional<double> seconds(const std::optional<measure::Seconds>& value) {
  return value ? std::optional(value->count()) : std::nullopt;
}

}  // namespace

protocol::JobProgress progress_of(const JobProgress& progress) {
  protocol::JobProgress view;
  view.trial_count = progress.trial_count;
  if (progress.last_trial) view.last_trial = trial_record_of(*progress.last_trial);
  view.goals = goal_progress_of(progress.goals);
  view.estimate = progress.estimate;
  view.search_time_limit_s = seconds(progress.search_time_limit);
  return view;
}

protocol::TrialEvent trial_event_of(JobId job, const JobProgress& progress) {
  protocol::TrialEvent event;
  event.job = job;
  event.trial_count = progress.trial_count;
  if (progress.last_trial) {
    const TrialSummary& trial = *progress.last_trial;
    event.trial = trial_record_of(trial);
    event.search_time_s = trial.started_at.count() + trial.effective_duration.count();
  }
  event.goals = goal_progress_of(progress.goals);
  event.estimate = progress.estimate;
  event.search_time_limit_s = seconds(progress.search_time_limit);
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

}  // namespace trexsearch::service
