#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/latency/latency_trend.hpp"
#include "daemon/report/mlr_report.hpp"
#include "measure/direction_counts.hpp"
#include "measure/direction_latency.hpp"
#include "measure/trial_note.hpp"
#include "plr/tester_limit.hpp"

namespace trexsearch::report {

/// PLRsearch's critical-load estimate (average and stdev in pps).
struct PlrEstimatePoint {
  double average_pps = 0.0;
  double stdev_pps = 0.0;
};

/// One PLRsearch trial as the report shows it.
struct PlrReportTrial {
  std::size_t number = 0;
  /// Run clock at the end of the trial, seconds from the start of the run.
  double finished_at_s = 0.0;
  double load_pps = 0.0;
  double duration_s = 0.0;
  std::optional<long long> loss_count;
  double loss_ratio = 0.0;
  /// The combined estimate after this trial, when there was one.
  std::optional<PlrEstimatePoint> estimate;
  /// Per fitting function (stretch, erf): the average after this trial.
  std::optional<double> stretch_average_pps;
  std::optional<double> erf_average_pps;
  /// What the counts say (loss_ratio is 1 for a tester-limited trial); absent in
  /// results stored before it was recorded.
  std::optional<double> measured_loss_ratio;
  /// The rate the tester reached when it could not offer the intended load.
  std::optional<double> tester_limited_pps;
  /// "flow_stats", "port", or empty when the measurer did not say.
  std::string counters;
  /// Each direction's counts; empty when the measurer gave totals only.
  std::vector<measure::DirectionCounts> directions;
  /// The measurer's notes, "key: detail" each.
  std::vector<measure::TrialNote> notes;
  /// Each direction's latency stream, when the soak recorded latency (docs/latency.md).
  std::vector<measure::DirectionLatency> latency;
};

/// The estimate's trend over the last part of the run.
struct PlrReportTrend {
  double slope_per_hour = 0.0;
  double slope_stderr_per_hour = 0.0;
  bool significant = false;
  std::size_t points = 0;
  double window_start_s = 0.0;
  double window_end_s = 0.0;
};

/// What a PLRsearch report shows: every trial, the final estimate and trend.
struct PlrReportData {
  std::vector<PlrReportTrial> trials;
  std::optional<PlrEstimatePoint> estimate;
  std::optional<PlrReportTrend> trend;
  /// Whether each direction's P99 grew over the soak; absent without latency.
  std::optional<latency::LatencyTrend> latency_trend;
  /// The tester-limited trials and whether they bear on the estimate (the
  /// result's `tester_limit`); absent while the run goes on.
  std::optional<plr::PlrTesterLimit> tester_limit;
  /// The loss ratio the critical load is defined by (the soak spec's
  /// target_loss_ratio); drawn on the loss-ratio chart when known.
  std::optional<double> target_loss_ratio;
  /// Empty while the run goes on.
  std::string stop_reason;
  std::string stop_detail;
  double run_duration_s = 0.0;
};

/// The PLRsearch report as one self-contained HTML page: the verdict, the
/// critical-load estimate over time with its +-stdev band and the per-fitting-function
/// estimates, trial loss ratios over time (log axis), trial loads, the trend, the
/// final numbers, latency, directions, notes, every trial, the raw spec.
std::string render_plr_report(const ReportContext& context, const PlrReportData& data);

}  // namespace trexsearch::report
