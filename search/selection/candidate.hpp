#pragma once

#include <cstddef>
#include <optional>

#include "measure/units.hpp"
#include "search/selection/load_grid.hpp"

namespace trexsearch::mlr {

/// A selector's nomination, competing with the other selectors' for the next trial.
struct Candidate {
  std::optional<GridIndex> load;
  measure::Seconds duration{0.0};
  std::optional<GridIndex> width;
  std::size_t selector = 0;
};

/// The reference's candidate order; the first difference decides:
/// a load beats none; lower load first (a new upper bound low down makes work
/// above it moot, so low loads waste less); longer trial first; a candidate with
/// a width beats one without; larger width first. Equal candidates "precede"
/// each other, so keep the earlier selector's on ties (see pick_winner).
bool precedes(const Candidate& a, const Candidate& b);

/// The reference's `min(new, winner)`: the current winner stays unless the new
/// candidate strictly precedes it.
const Candidate& pick_winner(const Candidate& current_winner, const Candidate& challenger);

}  // namespace trexsearch::mlr
