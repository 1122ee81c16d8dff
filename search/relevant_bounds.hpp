#pragma once

#include <optional>
#include <span>

#include "search/load_classification.hpp"

namespace trexsearch::mlr {

/// A measured load and how one goal classifies it.
struct ClassifiedLoad {
  double load_pps = 0.0;
  LoadClass classification = LoadClass::undecided;
};

/// The relevant bounds of one goal (draft-06 "Relevant Upper Bound",
/// "Relevant Lower Bound"); either may be absent.
struct RelevantBounds {
  std::optional<double> lower_pps;
  std::optional<double> upper_pps;
};

/// RUB = the smallest load classified as an upper bound; RLB = the largest lower
/// bound below it. Lower bounds above the RUB are ignored: that is how loss
/// inversion is handled conservatively. `loads` must be in increasing order.
RelevantBounds find_relevant_bounds(std::span<const ClassifiedLoad> loads);

}  // namespace trexsearch::mlr
