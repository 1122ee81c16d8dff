// The protocol's PLR view into PlrReportData: typed in, typed out.
#include "daemon/report/input/plr_report_input.hpp"

#include <utility>

namespace trexsearch::report {
namespace {

PlrEstimatePoint point_of(const plr::PlrEstimate& estimate) {
  return {estimate.average_pps, estimate.stdev_pps};
}

PlrReportTrial trial_of(const protocol::TrialRecord& record,
                        const protocol::PlrResultView::TrialFit& fit) {
  PlrReportTrial trial;
  trial.number = static_cast<std::size_t>(record.number);
  trial.load_pps = record.load_pps;
  trial.duration_s = record.effective_duration_s.value_or(record.intended_duration_s);
  trial.finished_at_s =
      fit.finished_at_s.value_or(record.started_at_s.value_or(0.0) + trial.duration_s);
  if (record.loss_count) trial.loss_count = *record.loss_count;
  trial.loss_ratio = record.loss_ratio;
  if (record.estimate && *record.estimate) trial.estimate = point_of(**record.estimate);
  trial.stretch_average_pps = fit.stretch_average_pps;
  trial.erf_average_pps = fit.erf_average_pps;
  trial.measured_loss_ratio = record.measured_loss_ratio;
  trial.notes = record.notes;
  trial.directions = record.directions;
  trial.tester_limited_pps = record.tester_limited_pps;
  trial.counters = record.counters;
  trial.latency = record.latency;
  return trial;
}

}  // namespace

PlrReportData plr_report_of(const protocol::PlrResultView& view) {
  PlrReportData data;
  for (std::size_t i = 0; i < view.trials.size(); ++i) {
    const protocol::PlrResultView::TrialFit fit =
        i < view.trial_fits.size() ? view.trial_fits[i] : protocol::PlrResultView::TrialFit{};
    data.trials.push_back(trial_of(view.trials[i], fit));
  }
  if (view.estimate) data.estimate = point_of(*view.estimate);
  if (view.trend) {
    data.trend =
        PlrReportTrend{view.trend->slope_per_hour, view.trend->slope_stderr_per_hour,
                       view.trend->significant,    static_cast<std::size_t>(view.trend->points),
                       view.trend->window_start_s, view.trend->window_end_s};
  }
  data.tester_limit = view.tester_limit;
  data.latency_trend = view.latency_trend;
  data.stop_reason = view.stop_reason;
  data.stop_detail = view.stop_detail;
  data.run_duration_s = view.totals.duration_s > 0.0 || data.trials.empty()
                            ? view.totals.duration_s
                            : data.trials.back().finished_at_s;
  return data;
}

}  // namespace trexsearch::report
