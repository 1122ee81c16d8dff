#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "daemon/latency/latency_point.hpp"
#include "daemon/latency/latency_trend.hpp"
#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/trial_record.hpp"
#include "plr/estimate.hpp"
#include "plr/tester_limit.hpp"
#include "search/search_result.hpp"
#include "search/tester_limit.hpp"

namespace trexsearch::protocol {

// A job's result document (docs/socket-api.md `result`): the daemon stores it as
// its search wrote it and passes it on whole; a client reads it through one of the
// views below, by the job's method. Each view holds the values as the document
// states them (a stored verdict is not recomputed), so results stored by older
// daemons read as they were written; keys a view does not know stay in the document.

/// `totals`: trials, their summed effective duration, and the search's (MLR
/// `search_duration`) or the run's (PLR `run_duration`) time [s].
struct ResultTotals {
  std::uint64_t trial_count = 0;
  double effective_duration_sum_s = 0.0;
  double duration_s = 0.0;
};

/// One goal of an MLR result.
struct ResultGoal {
  std::string name;
  std::optional<double> relevant_lower_bound_pps;
  std::optional<double> relevant_upper_bound_pps;
  std::optional<double> conditional_throughput_pps;
  bool regular = true;
  /// The irregularity's name ("no_upper_bound", ...); empty when regular.
  std::string irregular_reason;
  std::optional<mlr::TesterLimit> tester_limited;
  /// The goal's definition as stored (`goal`: loss_ratio, exceed_ratio, ...), carried
  /// whole for `compare`, which checks two jobs searched the same goals; absent when
  /// the document has none.
  std::optional<Document> definition;
};

/// An MLRsearch result.
struct MlrResultView {
  std::string stop_reason;
  std::string stop_detail;
  ResultTotals totals;
  std::vector<ResultGoal> goals;
  std::vector<TrialRecord> trials;
  latency::LatencyPhaseResult latency;
  /// The result as the domain's SearchResult (trials rebuilt from their counts),
  /// for the per-direction sums; absent when the document cannot form one, with why.
  std::optional<mlr::SearchResult> search;
  std::string search_unreadable;
};

/// A PLR result's trend of the estimate over the soak.
struct PlrTrendView {
  double slope_per_hour = 0.0;
  double slope_stderr_per_hour = 0.0;
  bool significant = false;
  double window_start_s = 0.0;
  double window_end_s = 0.0;
  /// How many estimates the slope was fitted to.
  std::uint64_t points = 0;
};

/// A PLRsearch (soak) result.
struct PlrResultView {
  std::string stop_reason;
  std::string stop_detail;
  ResultTotals totals;
  std::optional<plr::PlrEstimate> estimate;
  std::optional<PlrTrendView> trend;
  std::optional<latency::LatencyTrend> latency_trend;
  std::optional<plr::PlrTesterLimit> tester_limit;
  /// Absent in results stored before it existed (they are clean).
  std::optional<bool> tester_limited;
  std::vector<TrialRecord> trials;
  /// What a PLR result's trials carry besides the record, in the order of `trials`
  /// (empty where the trials are show's).
  struct TrialFit {
    std::optional<double> finished_at_s;
    /// The two fitting functions' critical-load averages at that trial [pps].
    std::optional<double> stretch_average_pps;
    std::optional<double> erf_average_pps;
  };
  std::vector<TrialFit> trial_fits;
};

/// Receive rates over trials [pps]: mean, population stdev, extremes.
struct RateStats {
  double mean = 0.0;
  double stdev = 0.0;
  double min = 0.0;
  double max = 0.0;
};

/// A soak's loss threshold and how often intervals went over it.
struct SoakThresholdView {
  double loss_ratio = 0.0;
  /// "stop" or "flag".
  std::string action;
  std::uint64_t intervals_over = 0;
  std::optional<std::uint64_t> first_over;
};

/// An MRR or soak result (or `show`'s `fixed_load`: the same without trials and
/// stop fields).
struct FixedLoadView {
  std::string stop_reason;
  std::string stop_detail;
  std::uint64_t trial_count = 0;
  std::uint64_t trials_planned = 0;
  double trial_duration_s = 0.0;
  double load_pps = 0.0;
  /// Absent when no trial completed.
  std::optional<RateStats> receive_rate;
  struct Direction {
    std::string direction;
    RateStats receive_rate;
  };
  std::vector<Direction> directions;
  std::string rate_basis;
  double sut_loss_ratio = 0.0;
  std::optional<SoakThresholdView> threshold;
  bool tester_limited = false;
  std::uint64_t tester_limited_trials = 0;
  std::optional<double> tester_reached_pps;
  /// Which counters the trials' counts came from ("flow_stats", "port"...).
  std::vector<std::string> counters;
  /// The trials' effective durations summed (the intended one where a trial has none) [s].
  double effective_duration_sum_s = 0.0;
  std::vector<TrialRecord> trials;
  /// Each trial's own rates, in the order of `trials`: the result document's; empty in
  /// show's `fixed_load` (whose trials are show's own) and in documents older than them.
  struct TrialRates {
    double receive_rate_pps = 0.0;
    std::vector<double> direction_receive_rates_pps;
    double sut_loss_ratio = 0.0;
    /// Soaks with a threshold: this interval lost more than it.
    bool over_threshold = false;
  };
  std::vector<TrialRates> trial_rates;
};

/// The document with its reading.
struct ResultDocument {
  Document stored;
  std::variant<MlrResultView, PlrResultView, FixedLoadView> view;
};
}  // namespace trexsearch::protocol
