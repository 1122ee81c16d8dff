#include <string>

#include "search/strategy/strategies.hpp"

namespace trexsearch::mlr {

// A new target has a longer duration sum (and maybe longer trials) than the one
// before, so the previous target's bounds are measured again first: they are the
// most likely bounds of this target too.

std::optional<Nomination> RefineLoStrategy::nominate(const GridBounds& bounds) {
  const auto load = context_.initial_lower;
  if (not_worth(bounds, load)) return std::nullopt;
  debug("lower bound refinement available: " + std::to_string(*load));
  context_.expander.limit(context_.target.width_steps);
  return Nomination{*load, context_.target.width_steps};
}

std::optional<Nomination> RefineHiStrategy::nominate(const GridBounds& bounds) {
  const auto load = context_.initial_upper;
  if (not_worth(bounds, load)) return std::nullopt;
  debug("upper bound refinement available: " + std::to_string(*load));
  context_.expander.limit(context_.target.width_steps);
  return Nomination{*load, context_.target.width_steps};
}

}  // namespace trexsearch::mlr
