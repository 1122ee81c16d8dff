#include "search/strategy/strategy.hpp"

#include "search/strategy/strategies.hpp"

namespace trexsearch::mlr {

bool Strategy::not_worth(const GridBounds& bounds, std::optional<GridIndex> load) const {
  if (!load) return true;
  if (bounds.clo && *bounds.clo >= *load) return true;
  if (bounds.chi && *bounds.chi <= *load) return true;
  // Between two bounds any load would improve one of them; the only reason not
  // to measure is that the interval is narrow enough already.
  if (bounds.clo && bounds.chi && *bounds.chi - *bounds.clo <= context_.target.width_steps) {
    return true;
  }
  return false;
}

void Strategy::debug(const std::string& text) const {
  if (context_.debug) context_.debug(text);
}

std::vector<std::unique_ptr<Strategy>> make_strategies(const StrategyContext& context) {
  std::vector<std::unique_ptr<Strategy>> strategies;
  strategies.push_back(std::make_unique<HalveStrategy>(context));
  strategies.push_back(std::make_unique<RefineLoStrategy>(context));
  strategies.push_back(std::make_unique<RefineHiStrategy>(context));
  strategies.push_back(std::make_unique<ExtendLoStrategy>(context));
  strategies.push_back(std::make_unique<ExtendHiStrategy>(context));
  strategies.push_back(std::make_unique<BisectStrategy>(context));
  return strategies;
}

}  // namespace trexsearch::mlr
