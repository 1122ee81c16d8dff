#include <cstdlib>
#include <string>

#include "search/selection/discrete_interval.hpp"
#include "search/strategy/strategies.hpp"

namespace trexsearch::mlr {

std::optional<Nomination> HalveStrategy::nominate(const GridBounds& bounds) {
  const auto& lower = context_.initial_lower;
  const auto& upper = context_.initial_upper;
  if (!lower || !upper) return std::nullopt;
  const GridIndex target_width = context_.target.width_steps;
  const GridIndex width = std::llabs(*upper - *lower);
  // More than two widths happens on the coarsest target (bisection's job);
  // at most one width means refinement alone is enough.
  if (width > 2 * target_width || width <= target_width) return std::nullopt;
  const GridIndex load = interval_middle(*lower, *upper, target_width);
  if (not_worth(bounds, load)) return std::nullopt;
  debug("halving available: " + std::to_string(load));
  context_.expander.limit(target_width);
  return Nomination{load, target_width};
}

}  // namespace trexsearch::mlr
