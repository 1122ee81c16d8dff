#pragma once

#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "daemon/latency/latency_point.hpp"
#include "daemon/model/job_spec.hpp"
#include "measure/clock.hpp"
#include "measure/measurer.hpp"
#include "search/search_result.hpp"

namespace trexsearch::service {

/// One planned latency trial: a goal's conditional throughput and the fraction of it.
struct PlannedLatencyTrial {
  std::string goal;
  double fraction = 0.0;
  double throughput_pps = 0.0;
  measure::Seconds duration{0.0};
};

/// Which latency trials an MLR job runs after its search, in measurement order,
/// and the goals it skips (no conditional throughput), with why.
struct LatencyPlan {
  std::vector<PlannedLatencyTrial> trials;
  std::vector<std::string> notes;
};

/// The plan for `spec` (docs/latency.md): the spec's goals, or else the goal with
/// the highest loss ratio (PDR; the first of equals); each goal's fractions from the
/// highest down, as CSIT measures 90, 50, 10, 0 % (trex-flowstats-latency.md §3.1):
/// the first latency trial tells the latency streams' rate, which the lower ones need.
LatencyPlan plan_latency_phase(const LatencySpec& spec, const mlr::ControllerConfig& config,
                               const std::vector<mlr::GoalResult>& goals);

/// A latency trial as it completed, for the runner to store and publish.
struct LatencyTrialDone {
  std::size_t number = 0;
  measure::Seconds started_at{0.0};
  double load_pps = 0.0;
  measure::Seconds duration{0.0};
  const measure::TrialOutcome* outcome = nullptr;
  const measure::TrialResult* result = nullptr;
};

/// How the phase ended.
struct LatencyPhaseOutcome {
  latency::LatencyPhaseResult result;
  bool cancelled = false;
  /// A trial failed: what, and which trial (the phase stops there).
  std::optional<std::string> failure;
};

/// Runs the plan: trial k at load max(fraction x throughput, L), where L is the
/// latency streams' rate as the last latency trial told it (`known_rate_pps` before
/// the first; absent: the search's min_load), numbered from `first_number` on, each
/// through measure_latency(), started_at on `clock` minus `origin` (the search's
/// start). `on_trial` is called after each (it stores it, and may throw to end the
/// run). Points come back per goal in increasing load.
LatencyPhaseOutcome run_latency_phase(const LatencyPlan& plan, const mlr::ControllerConfig& config,
                                      std::optional<double> known_rate_pps,
                                      measure::Measurer& measurer, const measure::Clock& clock,
                                      measure::Seconds origin, std::size_t first_number,
                                      std::stop_token stop,
                                      const std::function<void(const LatencyTrialDone&)>& on_trial);

/// Notes about a latency trial's own streams: latency frames lost or out of
/// sequence, per direction ("latency_loss: 0->1 lost 3 of 45000 latency frames").
std::vector<measure::TrialNote> latency_stream_notes(
    const std::vector<measure::DirectionLatency>& latency);

}  // namespace trexsearch::service
