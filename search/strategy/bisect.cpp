#include <algorithm>
#include <stdexcept>
#include <string>

#include "search/selection/discrete_interval.hpp"
#include "search/strategy/strategies.hpp"

namespace trexsearch::mlr {

std::optional<Nomination> BisectStrategy::nominate(const GridBounds& bounds) {
  if (!bounds.clo || *bounds.clo >= context_.handler.max_index()) return std::nullopt;
  if (!bounds.chi || *bounds.chi <= context_.handler.min_index()) return std::nullopt;
  const GridIndex clo = *bounds.clo;
  const GridIndex chi = *bounds.chi;
  const GridIndex target_width = context_.target.width_steps;
  if (chi - clo <= target_width) return std::nullopt;
  const GridIndex bisect_load = interval_middle(clo, chi, target_width);
  // "Conditional external search": when the previous target's bound moved, a
  // step outwards from the current bound may beat plain bisection.
  if (auto nomination = extend_lo(bounds, bisect_load)) {
    expand_on_clo_ = false;
    expand_on_chi_ = true;
    debug("preferring to extend down: " + std::to_string(nomination->load));
    return nomination;
  }
  if (auto nomination = extend_hi(bounds, bisect_load)) {
    expand_on_clo_ = true;
    expand_on_chi_ = false;
    debug("preferring to extend up: " + std::to_string(nomination->load));
    return nomination;
  }
  if (not_worth(bounds, bisect_load)) return std::nullopt;
  expand_on_clo_ = false;
  expand_on_chi_ = false;
  debug("preferring to bisect: " + std::to_string(bisect_load));
  const GridIndex width = std::min(bisect_load - clo, chi - bisect_load);
  context_.expander.limit(width);
  return Nomination{bisect_load, width};
}

std::optional<Nomination> BisectStrategy::extend_lo(const GridBounds& bounds,
                                                    GridIndex bisect_load) {
  const auto& initial_upper = context_.initial_upper;
  if (!initial_upper || bisect_load >= *initial_upper) return std::nullopt;
  const GridIndex width = context_.expander.width();
  const auto load =
      context_.handler.handle(*bounds.chi - width, context_.target.width_steps, bounds);
  if (!load || *load <= bisect_load || *load >= *initial_upper) return std::nullopt;
  if (not_worth(bounds, load)) {
    throw std::logic_error("bisect: extend-down load " + std::to_string(*load) + " not worth");
  }
  return Nomination{*load, width};
}

std::optional<Nomination> BisectStrategy::extend_hi(const GridBounds& bounds,
                                                    GridIndex bisect_load) {
  const auto& initial_lower = context_.initial_lower;
  if (!initial_lower || bisect_load <= *initial_lower) return std::nullopt;
  const GridIndex width = context_.expander.width();
  const auto load =
      context_.handler.handle(*bounds.clo + width, context_.target.width_steps, bounds);
  if (!load || *load >= bisect_load || *load <= *initial_lower) return std::nullopt;
  if (not_worth(bounds, load)) {
    throw std::logic_error("bisect: extend-up load " + std::to_string(*load) + " not worth");
  }
  return Nomination{*load, width};
}

void BisectStrategy::won(const GridBounds& bounds, GridIndex load) {
  if ((expand_on_clo_ && bounds.clo == load) || (expand_on_chi_ && bounds.chi == load)) {
    context_.expander.expand();
  }
}

}  // namespace trexsearch::mlr
