#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "daemon/model/fixed_load_spec.hpp"
#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// Mean and spread of receive rates over trials [pps]. The stdev is the
/// population one (CSIT's jumpavg AvgStdevStats): 0 for a single trial.
struct RateStats {
  double mean_pps = 0.0;
  double stdev_pps = 0.0;
  double min_pps = 0.0;
  double max_pps = 0.0;
};

/// One trial (MRR) or interval (soak) as the result sees it.
struct FixedLoadTrial {
  StoredTrial stored;
  /// Received frames / intended duration, all directions together [pps].
  double receive_rate_pps = 0.0;
  /// Per direction, in the measurer's order; empty when it gives totals only.
  std::vector<double> direction_receive_rates_pps;
  /// Lost / sent frames: what the SUT dropped of what the tester actually sent
  /// (frames the tester never sent are its own shortfall, flagged as tester-limited).
  double sut_loss_ratio = 0.0;
  bool tester_limited = false;
  /// Soaks: sut_loss_ratio is above the threshold.
  bool over_threshold = false;
};

/// Stats of one direction's receive rates.
struct DirectionRateStats {
  std::string direction;
  RateStats receive_rate;
};

/// How a fixed-load job ended.
enum class FixedLoadStop {
  completed,       ///< every planned trial ran
  loss_threshold,  ///< a soak interval exceeded the threshold (on_threshold stop)
  cancelled,       ///< cancel or shutdown
  failed,          ///< the measurer failed
};
std::string_view to_string(FixedLoadStop stop);

/// An MRR or soak result: derived from the stored trials alone, so a resumed job's
/// result is the same as an uninterrupted one's, and `show` can give it mid-run.
struct FixedLoadResult {
  FixedLoadPlan plan;
  FixedLoadStop stop_reason = FixedLoadStop::completed;
  std::string stop_detail;
  std::vector<FixedLoadTrial> trials;
  /// Over every trial; absent without any.
  std::optional<RateStats> receive_rate;
  /// Each direction's stats, when every trial gave the same directions.
  std::vector<DirectionRateStats> directions;
  /// Trials where the tester could not offer the load: their receive rate is
  /// bounded by the tester, not the SUT, so the result is not clean.
  std::size_t tester_limited_trials = 0;
  /// The lowest rate a tester-limited trial reached [pps per direction].
  std::optional<double> tester_reached_pps;
  /// Soaks: intervals above the threshold, and the first of them (its number).
  std::size_t intervals_over_threshold = 0;
  std::optional<std::size_t> first_over_threshold;
  /// Every trial's lost / sent frames together.
  double sut_loss_ratio = 0.0;
  /// Distinct counter sources the trials used ("flow_stats", "port").
  std::vector<std::string> counters;

  bool tester_limited() const { return tester_limited_trials > 0; }
};

/// The fixed-load result of `trials` (main-phase trials in order) under `plan`.
FixedLoadResult summarize_fixed_load(const FixedLoadPlan& plan, std::span<const StoredTrial> trials,
                                     FixedLoadStop stop_reason, std::string stop_detail);

/// True when a soak interval exceeds the plan's threshold (never for MRR).
bool over_threshold(const FixedLoadPlan& plan, const StoredTrial& trial);

}  // namespace trexsearch::service
