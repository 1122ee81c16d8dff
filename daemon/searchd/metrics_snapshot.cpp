#include "daemon/searchd/metrics_snapshot.hpp"

#include <utility>

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

MetricsSnapshot make_metrics_snapshot(const MetricsSources& sources) {
  MetricsSnapshot snapshot;
  snapshot.version = sources.version;
  snapshot.start_time_seconds = to_unix_seconds(sources.started_at);
  // Every method on every testbed, so that a dashboard sees 0 rather than nothing.
  std::vector<std::string> testbeds = sources.testbeds;
  if (testbeds.empty()) testbeds.emplace_back();
  for (const SearchMethod method :
       {SearchMethod::mlr, SearchMethod::plr, SearchMethod::mrr, SearchMethod::soak}) {
    const std::string name(to_string(method));
    snapshot.jobs_queued[name] = 0;
    for (const std::string& testbed : testbeds) snapshot.jobs_running[{name, testbed}] = 0;
  }
  for (const auto& [method, count] : sources.queue.queued_by_method) {
    snapshot.jobs_queued[method] = count;
  }
  bool shown_without_testbed = false;
  for (const RunningJobStatus& job : sources.queue.running_jobs) {
    ++snapshot.jobs_running[{job.method, job.testbed}];
    // Jobs on no testbed (sim, exec, trex on an endpoint of their own) share the
    // unlabelled series: the one that has run longest has them.
    if (job.testbed.empty() && std::exchange(shown_without_testbed, true)) continue;
    RunningJobMetrics metrics;
    metrics.testbed = job.testbed;
    const JobProgress& progress = job.progress;
    if (progress.last_trial) {
      metrics.last_trial_load_pps = progress.last_trial->load_pps;
      metrics.last_trial_loss_ratio = progress.last_trial->loss_ratio;
    }
    if (progress.estimate) {
      metrics.plr_estimate_pps = progress.estimate->average_pps;
      metrics.plr_estimate_stdev_pps = progress.estimate->stdev_pps;
    }
    for (const GoalProgress& goal : progress.goals) {
      metrics.mlr_goals.push_back({goal.label, goal.lower_bound_pps, goal.upper_bound_pps});
    }
    snapshot.running.push_back(std::move(metrics));
  }
  snapshot.trials_total = sources.trials;
  snapshot.trex_link_state = std::string(to_string(sources.trex.state));
  for (const TrexLinkState state :
       {TrexLinkState::idle, TrexLinkState::connecting, TrexLinkState::connected,
        TrexLinkState::reconnecting, TrexLinkState::failed}) {
    snapshot.trex_link_states.emplace_back(to_string(state));
  }
  snapshot.trex_reconnects_total = sources.trex.recoveries;
  if (sources.replication) {
    const ReplicationStatus& r = *sources.replication;
    MetricsSnapshot::Replication replication{r.connected, r.rows_behind, r.rows_sent, r.errors,
                                             std::nullopt};
    if (r.last_success) replication.last_success_seconds = to_unix_seconds(*r.last_success);
    snapshot.replication = replication;
  }
  if (sources.store) {
    snapshot.store_size_bytes = sources.store->bytes;
    snapshot.store_writable = sources.store->writable;
  }
  snapshot.control_clients = sources.control_clients;
  return snapshot;
}

}  // namespace trexsearch::service
