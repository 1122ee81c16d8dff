#include <string>

#include "search/strategy/strategies.hpp"

namespace trexsearch::mlr {

// External search: with only one bound, step away from it by the expander's
// width; each step that fails to find the other bound widens the next one.

std::optional<Nomination> ExtendLoStrategy::nominate(const GridBounds& bounds) {
  if (bounds.clo || !bounds.chi || *bounds.chi <= context_.handler.min_index()) {
    return std::nullopt;
  }
  const GridIndex width = context_.expander.width();
  const auto load =
      context_.handler.handle(*bounds.chi - width, context_.target.width_steps, bounds);
  if (not_worth(bounds, load)) return std::nullopt;
  debug("no lower bound, extending down: " + std::to_string(*load));
  return Nomination{*load, width};
}

void ExtendLoStrategy::won(const GridBounds& bounds, GridIndex load) {
  if (bounds.chi == load) context_.expander.expand();
}

std::optional<Nomination> ExtendHiStrategy::nominate(const GridBounds& bounds) {
  if (bounds.chi || !bounds.clo || *bounds.clo >= context_.handler.max_index()) {
    return std::nullopt;
  }
  const GridIndex width = context_.expander.width();
  const auto load =
      context_.handler.handle(*bounds.clo + width, context_.target.width_steps, bounds);
  if (not_worth(bounds, load)) return std::nullopt;
  debug("no upper bound, extending up: " + std::to_string(*load));
  return Nomination{*load, width};
}

void ExtendHiStrategy::won(const GridBounds& bounds, GridIndex load) {
  if (bounds.clo == load) context_.expander.expand();
}

}  // namespace trexsearch::mlr
