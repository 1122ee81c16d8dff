#pragma once

#include <algorithm>

#include "search/selection/limit_handler.hpp"
#include "search/selection/load_grid.hpp"

namespace trexsearch::mlr {

/// Keeps external steps finite: 2^20 goal widths spans any grid.
inline constexpr int max_doublings = 20;

/// `width` doubled once per miss (an external search's growing step).
inline GridIndex doubled(GridIndex width, int misses) {
  return width << std::min(misses, max_doublings);
}

/// Whether `load` lies strictly between the bounds there are.
inline bool inside(GridIndex load, const GridBounds& bounds) {
  return (!bounds.clo || load > *bounds.clo) && (!bounds.chi || load < *bounds.chi);
}

}  // namespace trexsearch::mlr
