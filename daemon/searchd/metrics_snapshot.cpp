#include "daemon/searchd/metrics_snapshot.hpp"

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

MetricsSnapshot make_metrics_snapshot(const MetricsSources& sources) {
  MetricsSnapshot snapshot;
  snapshot.version = sources.version;
  snapshot.start_time_seconds = to_unix_seconds(sources.started_at);
  for (const SearchMethod method :
       {SearchMethod::mlr, SearchMethod::plr, SearchMethod::mrr, SearchMethod::soak}) {
    const std::string name(to_string(method));
    snapshot.jobs_queued[name] = 0;
    snapshot.jobs_running[name] = 0;
  }
  for (const auto& [method, count] : sources.queue.queued_by_method) {
    snapshot.jobs_queued[method] = count;
  }
  for (const RunningJobStatus& job : sources.queue.running_jobs)
    ++snapshot.jobs_running[job.method];
  if (const auto& running = sources.queue.running) {
    const JobProgress& progress = running->progress;
    if (progress.last_trial) {
      snapshot.last_trial_load_pps = progress.last_trial->load_pps;
      snapshot.last_trial_loss_ratio = progress.last_trial->loss_ratio;
    }
    if (progress.estimate) {
      snapshot.plr_estimate_pps = progress.estimate->average_pps;
      snapshot.plr_estimate_stdev_pps = progress.estimate->stdev_pps;
    }
    for (const GoalProgress& goal : progress.goals) {
      snapshot.mlr_goals.push_back({goal.label, goal.lower_bound_pps, goal.upper_bound_pps});
    }
  }
  snapshot.trials_total = sources.trials;
  snapshot.trex_link_state = std::string(to_string(sources.trex.state));
  for (const TrexLinkState state :
       {TrexLinkState::idle, TrexLinkState::connecting, TrexLinkState::connected,
        TrexLinkState::reconnecting, TrexLinkState::failed}) {
    snapshot.trex_link_states.emplace_back(to_string(state));
  }
  snapshot.trex_reconnects_total = sources.trex.recoveries;
  if (sources.store) {
    snapshot.store_size_bytes = sources.store->bytes;
    snapshot.store_writable = sources.store->writable;
  }
  snapshot.control_clients = sources.control_clients;
  return snapshot;
}

}  // namespace trexsearch::service
