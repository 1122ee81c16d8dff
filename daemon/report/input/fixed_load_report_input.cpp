// The protocol's MRR/soak view into FixedLoadReportData: typed in, typed out.
#include "daemon/report/input/fixed_load_report_input.hpp"

#include <string>

namespace trexsearch::report {
namespace {

FixedLoadReportTrial trial_of(const protocol::TrialRecord& record,
                              const protocol::FixedLoadView::TrialRates* rates) {
  FixedLoadReportTrial trial;
  trial.number = record.number;
  trial.started_at_s = record.started_at_s.value_or(0.0);
  trial.intended_duration_s = record.intended_duration_s;
  trial.offered = record.offered_count.value_or(0);
  trial.received = trial.offered - record.loss_count.value_or(0);
  const double duration = trial.intended_duration_s;
  const auto rate = [duration](std::int64_t received) {
    return duration > 0.0 && received > 0 ? static_cast<double>(received) / duration : 0.0;
  };
  trial.receive_rate_pps = rates != nullptr ? rates->receive_rate_pps : rate(trial.received);
  for (const measure::DirectionCounts& direction : record.directions) {
    trial.direction_rates_pps.emplace_back(direction.name, rate(direction.received));
  }
  if (rates != nullptr) {
    trial.sut_loss_ratio = rates->sut_loss_ratio;
  } else if (trial.offered > 0) {
    trial.sut_loss_ratio =
        static_cast<double>(trial.offered - trial.received) / static_cast<double>(trial.offered);
  }
  trial.tester_limited_pps = record.tester_limited_pps;
  trial.counters = record.counters;
  trial.notes = record.notes;
  trial.over_threshold = rates != nullptr && rates->over_threshold;
  return trial;
}

FixedLoadReportStats stats_of(const protocol::RateStats& stats, std::string direction) {
  return {std::move(direction), stats.mean, stats.stdev, stats.min, stats.max};
}

}  // namespace

FixedLoadReportData fixed_load_report_of(const protocol::FixedLoadView& view,
                                         const std::string& method) {
  FixedLoadReportData data;
  data.method = method;
  data.load_pps = view.load_pps;
  data.trial_duration_s = view.trial_duration_s;
  data.trials_planned = view.trials_planned;
  data.stop_reason = view.stop_reason;
  data.stop_detail = view.stop_detail;
  data.rate_basis = view.rate_basis;
  if (view.receive_rate) {
    data.stats.push_back(stats_of(*view.receive_rate, ""));
    for (const protocol::FixedLoadView::Direction& direction : view.directions) {
      data.stats.push_back(stats_of(direction.receive_rate, direction.direction));
    }
  }
  data.sut_loss_ratio = view.sut_loss_ratio;
  data.tester_limited_trials = view.tester_limited_trials;
  data.tester_reached_pps = view.tester_reached_pps;
  if (view.threshold) {
    data.loss_ratio_threshold = view.threshold->loss_ratio;
    data.threshold_action = view.threshold->action;
    data.intervals_over = view.threshold->intervals_over;
  }
  const bool with_rates = view.trial_rates.size() == view.trials.size();
  for (std::size_t i = 0; i < view.trials.size(); ++i) {
    const protocol::TrialRecord& record = view.trials[i];
    if (!record.phase.empty() && record.phase != "main") continue;
    data.trials.push_back(trial_of(record, with_rates ? &view.trial_rates[i] : nullptr));
  }
  return data;
}

}  // namespace trexsearch::report
