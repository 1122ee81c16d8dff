#include "daemon/model/fixed_load_result.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::service {
namespace {

RateStats stats_of(const std::vector<double>& rates) {
  RateStats stats;
  if (rates.empty()) return stats;
  double sum = 0.0;
  for (const double rate : rates) sum += rate;
  stats.mean_pps = sum / static_cast<double>(rates.size());
  double squares = 0.0;
  for (const double rate : rates) squares += (rate - stats.mean_pps) * (rate - stats.mean_pps);
  stats.stdev_pps = std::sqrt(squares / static_cast<double>(rates.size()));
  const auto [low, high] = std::minmax_element(rates.begin(), rates.end());
  stats.min_pps = *low;
  stats.max_pps = *high;
  return stats;
}

double sut_loss_ratio_of(const measure::TrialOutcome& outcome) {
  if (outcome.offered_count <= 0) return 0.0;
  // Negative loss (duplicates, SUT-originated frames on port counters) is no loss
  // here; the trial's notes say it happened.
  const auto lost = std::max<std::int64_t>(outcome.loss_count, 0);
  return static_cast<double>(lost) / static_cast<double>(outcome.offered_count);
}

FixedLoadTrial trial_of(const FixedLoadPlan& plan, const StoredTrial& stored) {
  FixedLoadTrial trial;
  trial.stored = stored;
  const measure::TrialOutcome& outcome = stored.trial.outcome;
  // CSIT's receive rate divides by the trial duration asked for, not a measured
  // one: effective durations include setup time (trial_overhead, settle).
  const double duration_s = stored.trial.intended_duration.count();
  const auto rate = [duration_s](std::int64_t received) {
    return duration_s > 0.0 ? static_cast<double>(std::max<std::int64_t>(received, 0)) / duration_s
                            : 0.0;
  };
  trial.receive_rate_pps = rate(outcome.offered_count - outcome.loss_count);
  for (const measure::DirectionCounts& direction : outcome.directions) {
    trial.direction_receive_rates_pps.push_back(rate(direction.received));
  }
  trial.sut_loss_ratio = sut_loss_ratio_of(outcome);
  trial.tester_limited = outcome.tester_limited_pps.has_value();
  trial.over_threshold =
      plan.loss_ratio_threshold && trial.sut_loss_ratio > *plan.loss_ratio_threshold;
  return trial;
}

// The trials' direction names, when every trial has the same ones.
std::optional<std::vector<std::string>> common_directions(
    const std::vector<FixedLoadTrial>& trials) {
  std::optional<std::vector<std::string>> names;
  for (const FixedLoadTrial& trial : trials) {
    std::vector<std::string> these;
    for (const measure::DirectionCounts& direction : trial.stored.trial.outcome.directions) {
      these.push_back(direction.name);
    }
    if (!names) {
      names = std::move(these);
    } else if (*names != these) {
      return std::nullopt;
    }
  }
  return names;
}

}  // namespace

std::string_view to_string(FixedLoadStop stop) {
  switch (stop) {
    case FixedLoadStop::completed:
      return "completed";
    case FixedLoadStop::loss_threshold:
      return "loss_threshold";
    case FixedLoadStop::cancelled:
      return "cancelled";
    case FixedLoadStop::failed:
      return "failed";
  }
  return "unknown";
}

bool over_threshold(const FixedLoadPlan& plan, const StoredTrial& trial) {
  return plan.loss_ratio_threshold &&
         sut_loss_ratio_of(trial.trial.outcome) > *plan.loss_ratio_threshold;
}

FixedLoadResult summarize_fixed_load(const FixedLoadPlan& plan, std::span<const StoredTrial> trials,
                                     FixedLoadStop stop_reason, std::string stop_detail) {
  FixedLoadResult result;
  result.plan = plan;
  result.stop_reason = stop_reason;
  result.stop_detail = std::move(stop_detail);
  std::vector<double> rates;
  std::int64_t offered = 0;
  std::int64_t lost = 0;
  for (const StoredTrial& stored : trials) {
    FixedLoadTrial trial = trial_of(plan, stored);
    rates.push_back(trial.receive_rate_pps);
    const measure::TrialOutcome& outcome = stored.trial.outcome;
    offered += outcome.offered_count;
    lost += std::max<std::int64_t>(outcome.loss_count, 0);
    if (trial.tester_limited) {
      ++result.tester_limited_trials;
      result.tester_reached_pps =
          std::min(result.tester_reached_pps.value_or(*outcome.tester_limited_pps),
                   *outcome.tester_limited_pps);
    }
    if (trial.over_threshold) {
      ++result.intervals_over_threshold;
      if (!result.first_over_threshold) result.first_over_threshold = stored.number;
    }
    if (!outcome.counters.empty() && std::find(result.counters.begin(), result.counters.end(),
                                               outcome.counters) == result.counters.end()) {
      result.counters.push_back(outcome.counters);
    }
    result.trials.push_back(std::move(trial));
  }
  if (!rates.empty()) result.receive_rate = stats_of(rates);
  if (offered > 0) result.sut_loss_ratio = static_cast<double>(lost) / static_cast<double>(offered);
  if (const auto names = common_directions(result.trials)) {
    for (std::size_t i = 0; i < names->size(); ++i) {
      std::vector<double> direction_rates;
      for (const FixedLoadTrial& trial : result.trials) {
        direction_rates.push_back(trial.direction_receive_rates_pps[i]);
      }
      result.directions.push_back({(*names)[i], stats_of(direction_rates)});
    }
  }
  return result;
}

}  // namespace trexsearch::service
