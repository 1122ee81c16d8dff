#include "search/selection/discrete_interval.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace trexsearch::mlr {

GridIndex interval_middle(GridIndex lower, GridIndex upper, GridIndex target_width) {
  if (upper < lower) std::swap(lower, upper);
  const GridIndex width = upper - lower;
  if (target_width <= 0 || width <= target_width) {
    throw std::logic_error("interval_middle: interval of " + std::to_string(width) +
                           " steps is not wider than the target width of " +
                           std::to_string(target_width));
  }
  if (width == 2 * target_width) return lower + target_width;
  if (width < 2 * target_width) {
    // No good split at this width; a preceding target's width is even, so try
    // the finer width. An odd width means the final target: split evenly.
    if (target_width % 2 == 0) return interval_middle(lower, upper, target_width / 2);
    return lower + width / 2;
  }
  GridIndex hi_width = target_width;
  GridIndex lo_width = width - hi_width;
  GridIndex hi2_width = 0;
  GridIndex lo2_width = 0;
  while (true) {
    hi2_width = hi_width * 2;
    lo2_width = width - hi2_width;
    if (lo2_width <= hi2_width) break;
    hi_width = hi2_width;
    lo_width = lo2_width;
  }
  // The more even of the last two splits (larger product); the lower part is
  // always the smaller one.
  if (hi_width * lo_width > hi2_width * lo2_width) lo2_width = hi_width;
  return lower + lo2_width;
}

}  // namespace trexsearch::mlr
