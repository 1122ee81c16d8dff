#pragma once

#include <cstdint>
#include <span>

namespace trexsearch::mlr {

/// Position on the load grid; widths are differences of positions.
using GridIndex = std::int64_t;

/// The rounded logarithmic load grid: integers 0..M map geometrically onto
/// [min load, max load], with M chosen so that every goal width is an almost
/// integer number of steps. Only grid loads are measured, so halving and
/// expanding intervals is exact integer arithmetic.
///
/// Grid values are computed exactly as the reference does (recursive bisection
/// of the integer range with log-linear interpolation), which makes the loads
/// bit-identical to CSIT's for the same limits and widths.
class LoadGrid {
 public:
  /// Throws ConfigError when the limits or widths cannot make a grid.
  LoadGrid(double min_load_pps, double max_load_pps, std::span<const double> relative_widths);

  double min_load_pps() const { return min_load_pps_; }
  double max_load_pps() const { return max_load_pps_; }
  /// M: the index of max load.
  GridIndex max_index() const { return max_index_; }

  /// The load at an index; indices outside 0..M clamp to the limits.
  double load_at(GridIndex index) const;
  /// The largest index whose load is not above `load_pps` (clamped to 0..M).
  GridIndex index_at_or_below(double load_pps) const;
  /// A relative width as a whole number of steps, never wider than asked.
  GridIndex width_steps(double relative_width) const;

 private:
  struct GridPoint {
    GridIndex index;
    double load;
  };

  GridIndex find_max_index(std::span<const double> relative_widths) const;
  /// Walks down the bisection tree: `direction(index, load)` of a node says
  /// whether the target is above it (< 0), below it (> 0) or it (0). Returns
  /// the node found, or the lower end of the last interval.
  template <typename Direction>
  GridPoint descend(Direction direction) const;

  double min_load_pps_;
  double max_load_pps_;
  GridIndex max_index_;
};

}  // namespace trexsearch::mlr
