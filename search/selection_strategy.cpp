#include "search/selection_strategy.hpp"

#include "measure/errors.hpp"

namespace trexsearch::mlr {

std::string_view to_string(SelectionStrategy strategy) {
  switch (strategy) {
    case SelectionStrategy::csit:
      return "csit";
    case SelectionStrategy::fast:
      return "fast";
  }
  return "csit";
}

SelectionStrategy parse_selection_strategy(std::string_view text, const std::string& field) {
  if (text == "csit") return SelectionStrategy::csit;
  if (text == "fast") return SelectionStrategy::fast;
  throw measure::ConfigError(field, "\"" + std::string(text) + "\"",
                             "unknown load-selection strategy; known strategies: csit, fast");
}

}  // namespace trexsearch::mlr
