#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "daemon/report/mlr_report.hpp"
#include "measure/trial_note.hpp"

namespace trexsearch::report {

/// One MRR trial or soak interval as the report shows it.
struct FixedLoadReportTrial {
  std::size_t number = 0;
  double started_at_s = 0.0;
  double intended_duration_s = 0.0;
  std::int64_t offered = 0;
  std::int64_t received = 0;
  double receive_rate_pps = 0.0;
  /// (direction name, receive rate [pps]).
  std::vector<std::pair<std::string, double>> direction_rates_pps;
  double sut_loss_ratio = 0.0;
  std::optional<double> tester_limited_pps;
  std::string counters;
  std::vector<measure::TrialNote> notes;
  bool over_threshold = false;
};

/// Mean, stdev, min and max of receive rates [pps] for one direction ("" = all).
struct FixedLoadReportStats {
  std::string direction;
  double mean_pps = 0.0;
  double stdev_pps = 0.0;
  double min_pps = 0.0;
  double max_pps = 0.0;
};

/// An MRR or soak result (the daemon's encode_fixed_load_result) for the report.
struct FixedLoadReportData {
  std::string method;  ///< "mrr" or "soak"
  double load_pps = 0.0;
  double trial_duration_s = 0.0;
  std::size_t trials_planned = 0;
  std::string stop_reason;
  std::string stop_detail;
  std::string rate_basis;
  /// All directions first, then each; empty without trials.
  std::vector<FixedLoadReportStats> stats;
  double sut_loss_ratio = 0.0;
  std::size_t tester_limited_trials = 0;
  std::optional<double> tester_reached_pps;
  /// Soaks: the threshold, its action, and how many intervals exceeded it.
  std::optional<double> loss_ratio_threshold;
  std::string threshold_action;
  std::size_t intervals_over = 0;
  std::vector<FixedLoadReportTrial> trials;
};

/// One row per trial: number, times, counts, receive rates, loss, tester limit, notes.
std::string fixed_load_trials_csv(const FixedLoadReportData& data);

/// The HTML report: the verdict (receive rate, tester limit, threshold) first,
/// then every trial with its notes, the run's facts and the raw config.
std::string render_fixed_load_report(const ReportContext& context, const FixedLoadReportData& data);

}  // namespace trexsearch::report
