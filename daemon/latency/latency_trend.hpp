#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "measure/direction_latency.hpp"

namespace trexsearch::latency {

/// One soak trial's latency, at the time it ended [s of run clock].
struct LatencyAtTime {
  double time_s = 0.0;
  std::vector<measure::DirectionLatency> directions;
};

/// Whether one direction's P99 grew over a soak (docs/latency.md "Trend").
struct DirectionLatencyTrend {
  std::string direction;
  /// Trials with a P99 (the series judged).
  std::size_t points = 0;
  /// Median P99 of the first and of the last quarter of those trials [us].
  double first_quarter_us = 0.0;
  double last_quarter_us = 0.0;
  /// last_quarter_us - first_quarter_us.
  double growth_us = 0.0;
  /// Robust spread of P99 within a quarter (1.4826 x MAD, at least the
  /// histogram's resolution) [us].
  double noise_us = 0.0;
  /// What growth_us must exceed to be flagged [us]: the largest of 3 standard
  /// errors of the difference of the two medians, 10 % of the first quarter's
  /// median and 2 resolution steps.
  double threshold_us = 0.0;
  /// Least-squares slope of P99 against time, for the report [us per hour].
  double slope_us_per_hour = 0.0;
  /// True when there were enough points to judge (kMinTrendPoints).
  bool judged = false;
  bool flagged = false;
};

/// Per direction, in the order the directions first appear.
struct LatencyTrend {
  std::vector<DirectionLatencyTrend> directions;
  /// True when any direction is flagged.
  bool flagged() const;
};

/// Fewer trials with a P99 than this are not judged: a quarter must hold at
/// least two of them for its median and spread to mean anything.
inline constexpr std::size_t kMinTrendPoints = 8;

/// Judges each direction's P99 series over the soak: flagged when the median of
/// the last quarter of trials exceeds the median of the first quarter by more
/// than threshold_us. Medians and the MAD make one outlier trial (a burst of
/// background traffic) neither raise nor hide a flag; a flat series, however
/// noisy, stays below 3 standard errors. Trials are taken in time order.
LatencyTrend latency_trend(std::vector<LatencyAtTime> trials);

}  // namespace trexsearch::latency
