#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "measure/direction_counts.hpp"
#include "search/search_result.hpp"

namespace trexsearch::report {

/// One direction's counts summed over some trials, and the worst of them.
struct DirectionSum {
  /// Summed intended, offered and received frames; its loss_ratio() is the
  /// loss-ratio formula on the sums (unsent frames counted).
  measure::DirectionCounts counts;
  /// The highest loss ratio a single trial had in this direction.
  double worst_loss_ratio = 0.0;
};

/// Adds one trial's direction to `sums` (a new entry for a name not seen before).
void add_direction(std::vector<DirectionSum>& sums, const measure::DirectionCounts& direction);

/// Each direction's sums over `trials`, in order of first appearance; empty when
/// none has per-direction counts.
std::vector<DirectionSum> sum_directions(std::span<const measure::TrialResult* const> trials);

/// The directions at one load that is a goal's relevant bound.
struct BoundDirections {
  double load_pps = 0.0;
  /// "NDR lower", "PDR upper", ...
  std::vector<std::string> roles;
  /// Trials at that load (warmup excluded).
  std::size_t trials = 0;
  std::vector<DirectionSum> directions;
};

/// Which direction lost the frames where it matters: every load that is a goal's
/// relevant lower or upper bound, in increasing order, with the directions of the
/// trials there (warmup excluded: no goal uses them). Empty when no trial at a
/// bound has per-direction counts.
std::vector<BoundDirections> bound_directions(const mlr::SearchResult& result);

}  // namespace trexsearch::report
