#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "search/controller_config.hpp"
#include "search/search_result.hpp"

namespace trexsearch::report {

/// One goal's relevant bounds as the trials up to one trial support them.
struct BoundStep {
  /// The trial number (TrialRecord::number) after which these bounds hold.
  std::size_t trial_number = 0;
  /// Per goal, in the result's goal order.
  std::vector<std::optional<double>> lower_pps;
  std::vector<std::optional<double>> upper_pps;
};

/// How the bounds converged: after each counted trial (warmup and latency trials
/// count for no goal), the relevant bounds of the result's goals that the trials
/// so far support (mlr::analyze_trials on each prefix, as `analyze` would have
/// said then). Not the controller's internal targets, which are not stored: the
/// bounds a user would have seen. Long searches are sampled to at most
/// `max_steps` steps (the last trial always included), keeping the cost bounded.
std::vector<BoundStep> bound_convergence(const mlr::ControllerConfig& config,
                                         const mlr::SearchResult& result,
                                         std::size_t max_steps = 300);

}  // namespace trexsearch::report
