#include "daemon/runners/latency_phase.hpp"

#include <algorithm>

#include "daemon/measurers/latency_trial_measurer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

std::string percent(double fraction) { return measure::format_value(fraction * 100.0) + " %"; }

// The goal an NDR/PDR job's latency is usually quoted at: the most loss-tolerant.
std::size_t default_goal(const mlr::ControllerConfig& config) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < config.goals.size(); ++i) {
    if (config.goals[i].loss_ratio > config.goals[best].loss_ratio) best = i;
  }
  return best;
}

}  // namespace

LatencyPlan plan_latency_phase(const LatencySpec& spec, const mlr::ControllerConfig& config,
                               const std::vector<mlr::GoalResult>& goals) {
  LatencyPlan plan;
  if (spec.fractions.empty() || config.goals.empty()) return plan;
  std::vector<std::size_t> chosen;
  if (spec.goals.empty()) {
    chosen.push_back(default_goal(config));
  } else {
    for (std::size_t i = 0; i < config.goals.size(); ++i) {
      if (std::find(spec.goals.begin(), spec.goals.end(), config.goals[i].label(i)) !=
          spec.goals.end()) {
        chosen.push_back(i);
      }
    }
  }
  for (const std::size_t index : chosen) {
    const std::string label = config.goals[index].label(index);
    const mlr::GoalResult* result = index < goals.size() ? &goals[index] : nullptr;
    if (result == nullptr || !result->conditional_throughput_pps ||
        !(*result->conditional_throughput_pps > 0.0)) {
      plan.notes.push_back(label +
                           ": no latency trials, the search found no conditional throughput "
                           "(no relevant lower bound)");
      continue;
    }
    if (!result->regular()) {
      plan.notes.push_back(label + ": the goal's result is irregular (" + result->irregular_reason +
                           "); latency measured at its conditional throughput all the same");
    }
    const measure::Seconds duration =
        spec.duration.value_or(config.goals[index].final_trial_duration);
    for (auto fraction = spec.fractions.rbegin(); fraction != spec.fractions.rend(); ++fraction) {
      plan.trials.push_back({label, *fraction, *result->conditional_throughput_pps, duration});
    }
  }
  return plan;
}

std::vector<measure::TrialNote> latency_stream_notes(
    const std::vector<measure::DirectionLatency>& latency) {
  std::vector<measure::TrialNote> notes;
  for (const measure::DirectionLatency& direction : latency) {
    if (direction.sent > direction.received) {
      notes.push_back(measure::TrialNote::of(
          measure::note_key::latency_loss,
          direction.name + " lost " + std::to_string(direction.sent - direction.received) + " of " +
              std::to_string(direction.sent) + " latency frames"));
    }
    const measure::SequenceErrors& errors = direction.errors;
    if (errors.dropped + errors.out_of_order + errors.duplicate + errors.seq_too_high +
            errors.seq_too_low >
        0) {
      notes.push_back(
          measure::TrialNote::of(measure::note_key::latency_sequence,
                                 direction.name + " dropped " + std::to_string(errors.dropped) +
                                     ", out of order " + std::to_string(errors.out_of_order) +
                                     ", duplicate " + std::to_string(errors.duplicate) +
                                     ", too high " + std::to_string(errors.seq_too_high) +
                                     ", too low " + std::to_string(errors.seq_too_low)));
    }
  }
  return notes;
}

namespace {

/// A planned trial's point before it is measured: its load (at least the latency
/// streams' rate, or min_load while that is unknown) and a note when that raised it.
latency::LatencyPoint planned_point(const PlannedLatencyTrial& planned, std::size_t number,
                                    std::optional<double> known_rate_pps,
                                    const mlr::ControllerConfig& config) {
  // CSIT: rate = max(rate, 9001), the latency streams plus 1 pps. The load includes
  // the streams' rate L (measure/measurer.hpp), so L itself sends them alone.
  const double floor_pps = known_rate_pps.value_or(config.min_load_pps);
  const double wanted_pps = planned.fraction * planned.throughput_pps;
  latency::LatencyPoint point;
  point.goal = planned.goal;
  point.fraction = planned.fraction;
  point.load_pps = std::max(wanted_pps, floor_pps);
  point.duration = planned.duration;
  point.trial = number;
  if (planned.fraction > 0.0 && wanted_pps < floor_pps) {
    point.notes.push_back(measure::TrialNote::of(
        measure::note_key::load_raised,
        percent(planned.fraction) + " of " + measure::format_value(planned.throughput_pps) +
            " pps is below the " +
            (known_rate_pps ? "latency streams' rate" : "search's min_load") + " " +
            measure::format_value(floor_pps) + " pps"));
  }
  return point;
}

/// What the trial measured, and every note on it: no latency, the streams' own
/// loss and sequence errors, then the measurer's.
void add_measured(latency::LatencyPoint& point, const measure::TrialOutcome& outcome,
                  const measure::TrialResult& result) {
  point.loss_ratio = result.loss_ratio();
  point.directions = outcome.latency;
  if (outcome.latency.empty()) {
    point.notes.push_back(measure::TrialNote::of(
        measure::note_key::no_latency, "the measurer reported no latency for this trial"));
  }
  for (measure::TrialNote& note : latency_stream_notes(outcome.latency)) {
    point.notes.push_back(std::move(note));
  }
  point.notes.insert(point.notes.end(), outcome.notes.begin(), outcome.notes.end());
}

/// Per goal (in plan order) by increasing load: how tables and plots read them.
void sort_points(std::vector<latency::LatencyPoint>& points, const LatencyPlan& plan) {
  std::vector<std::string> goal_order;
  for (const PlannedLatencyTrial& planned : plan.trials) {
    if (std::find(goal_order.begin(), goal_order.end(), planned.goal) == goal_order.end()) {
      goal_order.push_back(planned.goal);
    }
  }
  std::stable_sort(points.begin(), points.end(),
                   [&](const latency::LatencyPoint& a, const latency::LatencyPoint& b) {
                     const auto rank = [&](const std::string& goal) {
                       return std::find(goal_order.begin(), goal_order.end(), goal) -
                              goal_order.begin();
                     };
                     if (a.goal != b.goal) return rank(a.goal) < rank(b.goal);
                     return a.fraction < b.fraction;
                   });
}

}  // namespace

LatencyPhaseOutcome run_latency_phase(
    const LatencyPlan& plan, const mlr::ControllerConfig& config,
    std::optional<double> known_rate_pps, measure::Measurer& measurer, const measure::Clock& clock,
    measure::Seconds origin, std::size_t first_number, std::stop_token stop,
    const std::function<void(const LatencyTrialDone&)>& on_trial) {
  LatencyPhaseOutcome phase;
  phase.result.notes = plan.notes;
  std::size_t number = first_number;
  for (const PlannedLatencyTrial& planned : plan.trials) {
    if (stop.stop_requested()) {
      phase.cancelled = true;
      break;
    }
    latency::LatencyPoint point = planned_point(planned, number, known_rate_pps, config);
    const double load_pps = point.load_pps;
    const measure::Seconds started_at = clock.now() - origin;
    measure::TrialOutcome outcome;
    std::optional<measure::TrialResult> checked;
    try {
      outcome = measurer.measure_latency(planned.duration, load_pps, stop);
      checked = measure::TrialResult::from_outcome(load_pps, planned.duration, outcome);
    } catch (const measure::MeasurementCancelled&) {
      phase.cancelled = true;
      break;
    } catch (const std::exception& error) {
      phase.failure = "latency trial " + std::to_string(number) + " (" + planned.goal + " at " +
                      percent(planned.fraction) + ", " + measure::format_value(load_pps) +
                      " pps) failed: " + error.what();
      phase.result.notes.push_back("latency phase stopped: " + *phase.failure);
      break;
    }
    if (const auto rate = latency_rate_of(outcome)) known_rate_pps = rate;
    add_measured(point, outcome, *checked);
    on_trial(LatencyTrialDone{number, started_at, load_pps, planned.duration, &outcome, &*checked});
    phase.result.points.push_back(std::move(point));
    ++number;
  }
  sort_points(phase.result.points, plan);
  return phase;
}

}  // namespace trexsearch::service
