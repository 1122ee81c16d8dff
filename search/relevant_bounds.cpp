#include "search/relevant_bounds.hpp"

namespace trexsearch::mlr {

RelevantBounds find_relevant_bounds(std::span<const ClassifiedLoad> loads) {
  RelevantBounds bounds;
  for (const ClassifiedLoad& load : loads) {
    if (load.classification == LoadClass::upper_bound) {
      bounds.upper_pps = load.load_pps;
      break;
    }
    if (load.classification == LoadClass::lower_bound) bounds.lower_pps = load.load_pps;
  }
  return bounds;
}

}  // namespace trexsearch::mlr
