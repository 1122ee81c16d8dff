#pragma once

#include <optional>

#include "search/selection/load_grid.hpp"

namespace trexsearch::mlr {

/// One width shared by all goals' selectors, so that their external searches
/// step at the same size instead of interleaving different ones.
struct GlobalWidth {
  GridIndex steps = 0;
};

/// The step width of external search for one target of one goal: grows by the
/// expansion coefficient after each successful step outwards, shrinks back when
/// another strategy narrows things.
class TargetedExpander {
 public:
  TargetedExpander(GridIndex target_width, int expansion_coefficient, GlobalWidth& global,
                   std::optional<GridIndex> initial_lower, std::optional<GridIndex> initial_upper);

  /// The width to step by now: at least the global width.
  GridIndex width() const;
  /// After a step outwards found a new bound: widen, and share the width.
  void expand();
  /// After a narrowing step of `last_width`: restart from there.
  void limit(GridIndex last_width);

 private:
  void grow();

  GridIndex target_width_;
  int coefficient_;
  GlobalWidth& global_;
  GridIndex next_width_;
};

}  // namespace trexsearch::mlr
