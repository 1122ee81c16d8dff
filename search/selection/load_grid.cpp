#include "search/selection/load_grid.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "measure/errors.hpp"

namespace trexsearch::mlr {
namespace {

// How close to a whole number of steps each goal width must be: one step is a
// little narrower than the goal, never wider (the reference's quality knobs).
constexpr double kQualityLower = 0.99;
constexpr double kQualityUpper = 0.999999;
// Beyond 2^50 steps grid indices would stop being exact in a double.
constexpr GridIndex kMaxGridIndex = GridIndex{1} << 50;

/// The bisection node between two known grid points, as the reference computes it.
double interpolate(GridIndex lo, double lo_load, GridIndex hi, double hi_load, GridIndex mid) {
  double log_coeff = std::log(hi_load) - std::log(lo_load);
  log_coeff *= static_cast<double>(mid - lo) / static_cast<double>(hi - lo);
  return lo_load * std::exp(log_coeff);
}

}  // namespace

template <typename Direction>
LoadGrid::GridPoint LoadGrid::descend(Direction direction) const {
  // The reference's lazily built bisection tree over [0, M]: every node's load
  // is interpolated from its two parents, which makes the values (and so the
  // measured loads) bit-identical to CSIT's.
  GridPoint lo{0, min_load_pps_};
  GridPoint hi{max_index_, max_load_pps_};
  while (hi.index - lo.index >= 2) {
    const GridIndex mid = lo.index + (hi.index - lo.index) / 2;
    const GridPoint point{mid, interpolate(lo.index, lo.load, hi.index, hi.load, mid)};
    const int way = direction(point.index, point.load);
    if (way == 0) return point;
    (way < 0 ? lo : hi) = point;
  }
  return lo;
}

LoadGrid::LoadGrid(double min_load_pps, double max_load_pps,
                   std::span<const double> relative_widths)
    : min_load_pps_(min_load_pps), max_load_pps_(max_load_pps) {
  if (!(std::isfinite(min_load_pps) && min_load_pps > 0.0)) {
    throw measure::ConfigError("min_load", measure::format_value(min_load_pps), "must be positive");
  }
  if (!(std::isfinite(max_load_pps) && max_load_pps > min_load_pps)) {
    throw measure::ConfigError("max_load", measure::format_value(max_load_pps),
                               "must be greater than min_load");
  }
  for (double width : relative_widths) {
    if (!(width > 0.0 && width < 1.0)) {
      throw measure::ConfigError("relative_width", measure::format_value(width),
                                 "must be greater than 0 and less than 1");
    }
  }
  max_index_ = find_max_index(relative_widths);
}

GridIndex LoadGrid::find_max_index(std::span<const double> relative_widths) const {
  std::vector<double> log_goals;
  for (double width : relative_widths) log_goals.push_back(-std::log1p(-width));
  std::sort(log_goals.begin(), log_goals.end());
  log_goals.erase(std::unique(log_goals.begin(), log_goals.end()), log_goals.end());

  const double minmax_log_width = std::log(max_load_pps_) - std::log(min_load_pps_);
  GridIndex candidate = 1;
  while (true) {
    const double log_width_unit = minmax_log_width / static_cast<double>(candidate);
    // Falls back to +1 if rounding errors make the jump too small.
    double next_try_max = static_cast<double>(candidate + 1);
    bool acceptable = true;
    for (double log_goal : log_goals) {
      const double units = log_goal / log_width_unit;
      const double int_units = std::floor(units);
      const double quality = int_units / units;
      if (!(kQualityLower <= quality && quality <= kQualityUpper)) {
        acceptable = false;
        const double target = (int_units + 1.0) / kQualityUpper;
        next_try_max = std::max(next_try_max, (target / units) * static_cast<double>(candidate));
      }
    }
    if (acceptable) return candidate;
    const double next = std::ceil(next_try_max);
    if (!(next < static_cast<double>(kMaxGridIndex))) {
      throw measure::ConfigError(
          "relative_width", measure::format_value(std::exp(-log_goals.front())),
          "is too fine for the load range " + measure::format_value(min_load_pps_) + " .. " +
              measure::format_value(max_load_pps_) + " pps");
    }
    candidate = static_cast<GridIndex>(next);
  }
}

double LoadGrid::load_at(GridIndex index) const {
  if (index <= 0) return min_load_pps_;
  if (index >= max_index_) return max_load_pps_;
  // index is strictly inside (0, M), so some bisection node equals it.
  return descend([index](GridIndex mid, double) { return mid < index   ? -1
                                                         : mid > index ? 1
                                                                       : 0; })
      .load;
}

GridIndex LoadGrid::index_at_or_below(double load_pps) const {
  if (!(load_pps > min_load_pps_)) return 0;  // also NaN
  if (load_pps >= max_load_pps_) return max_index_;
  return descend([load_pps](GridIndex, double mid_load) {
           return mid_load < load_pps ? -1 : mid_load > load_pps ? 1 : 0;
         })
      .index;
}

GridIndex LoadGrid::width_steps(double relative_width) const {
  // The step count of the grid point nearest below min / (1 - w): so that the
  // integer width never exceeds the goal width.
  const double increased_load = min_load_pps_ / (1.0 - relative_width);
  GridIndex steps = index_at_or_below(increased_load);
  if (load_at(steps) > increased_load) --steps;
  return steps;
}

}  // namespace trexsearch::mlr
