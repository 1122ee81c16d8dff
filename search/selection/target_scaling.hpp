#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "search/load_classification.hpp"
#include "search/search_goal.hpp"
#include "search/selection/load_grid.hpp"

namespace trexsearch::mlr {

/// One target: a goal itself (depth 0) or one of its coarser preceding targets.
struct TargetSpec {
  ClassificationTarget classification;
  /// Goal width in grid steps (doubled per preceding level).
  GridIndex width_steps = 1;
  int expansion_coefficient = 2;
  /// Only a goal's final target may fail fast.
  bool fail_fast = false;
  /// 0 for the goal itself, k for the k-th preceding target.
  int depth = 0;
  /// The next coarser target, as an index into TargetChains::targets.
  std::optional<std::size_t> preceding;
};

/// Every goal expanded into its chain of targets, coarsest first.
struct TargetChains {
  /// Goal by goal, each goal's chain from its coarsest target to its final one.
  std::vector<TargetSpec> targets;
  /// For each goal, the index of its final target.
  std::vector<std::size_t> final_target;
};

/// Builds the chains: preceding target k of P has duration sum
/// sum * (initial / sum)^(k/P) (exactly the initial duration for k = P), trial
/// duration min(final duration, that sum), and the goal width times 2^k.
TargetChains build_target_chains(const std::vector<SearchGoal>& goals, const LoadGrid& grid);

}  // namespace trexsearch::mlr
