#pragma once

#include <optional>

#include "search/selection/load_grid.hpp"

namespace trexsearch::mlr {

/// Current relevant bounds of one target, as grid indices.
struct GridBounds {
  std::optional<GridIndex> clo;
  std::optional<GridIndex> chi;
};

/// Keeps nominated loads inside the allowed range and away from its edges.
/// The range is [min, max] without bounds, [min, chi) or (clo, max] with one,
/// (clo, chi) with both. A load closer than one width to an edge moves onto a
/// hard limit that may be measured (min or max load), or to one width from an
/// excluded bound; this is how min and max load themselves get measured.
class LimitHandler {
 public:
  explicit LimitHandler(const LoadGrid& grid) : max_index_(grid.max_index()) {}

  /// The load to measure instead of `load`, or nothing when the range is
  /// narrow enough already.
  std::optional<GridIndex> handle(GridIndex load, GridIndex width, const GridBounds& bounds) const;

  GridIndex min_index() const { return 0; }
  GridIndex max_index() const { return max_index_; }

 private:
  std::optional<GridIndex> handle_with_excludes(GridIndex load, GridIndex width, GridIndex minimum,
                                                GridIndex maximum, bool min_excluded,
                                                bool max_excluded) const;

  GridIndex max_index_;
};

}  // namespace trexsearch::mlr
