#include "search/selection/limit_handler.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "search/selection/discrete_interval.hpp"

namespace trexsearch::mlr {

std::optional<GridIndex> LimitHandler::handle(GridIndex load, GridIndex width,
                                              const GridBounds& bounds) const {
  // Loads computed as bound -/+ width may fall off the grid; they mean the limit.
  load = std::clamp<GridIndex>(load, 0, max_index_);
  const auto& [clo, chi] = bounds;
  if (!clo && !chi) return handle_with_excludes(load, width, 0, max_index_, false, false);
  if (!clo) {
    if (*chi <= 0) return std::nullopt;     // min load already failed
    if (load >= *chi) return std::nullopt;  // a corrected rate rounded onto chi
    return handle_with_excludes(load, width, 0, *chi, false, true);
  }
  if (!chi) {
    if (*clo >= max_index_ || load <= *clo) {
      throw std::logic_error("LimitHandler: load " + std::to_string(load) + " is not above clo " +
                             std::to_string(*clo) + " below max " + std::to_string(max_index_));
    }
    return handle_with_excludes(load, width, *clo, max_index_, true, false);
  }
  if (!(*clo < load && load < *chi)) return std::nullopt;
  return handle_with_excludes(load, width, *clo, *chi, true, true);
}

std::optional<GridIndex> LimitHandler::handle_with_excludes(GridIndex load, GridIndex width,
                                                            GridIndex minimum, GridIndex maximum,
                                                            bool min_excluded,
                                                            bool max_excluded) const {
  if (load < minimum || load > maximum) {
    throw std::logic_error("LimitHandler: load " + std::to_string(load) + " outside [" +
                           std::to_string(minimum) + ", " + std::to_string(maximum) + "]");
  }
  if (width >= maximum - minimum) {
    // Too narrow for a step of this width: measure a limit if one may be measured.
    if (!min_excluded) return minimum;
    if (!max_excluded) return maximum;
    return std::nullopt;
  }
  GridIndex soft_min = minimum + width;
  GridIndex soft_max = maximum - width;
  if (soft_min > soft_max) {
    // Less than two widths: the only sensible load is the middle.
    soft_min = soft_max = interval_middle(minimum, maximum, width);
  }
  if (load < soft_min) return min_excluded ? soft_min : minimum;
  if (load > soft_max) return max_excluded ? soft_max : maximum;
  return load;
}

}  // namespace trexsearch::mlr
