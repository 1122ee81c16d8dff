#pragma once

#include <functional>

#include "measure/trial_result.hpp"
#include "search/selection/limit_handler.hpp"
#include "search/selection/load_grid.hpp"
#include "search/selection/target_scaling.hpp"

namespace trexsearch::mlr {

/// Performs one trial at a grid load and returns its result.
using TrialRunner = std::function<measure::TrialResult(measure::Seconds duration, GridIndex load)>;

/// The two loads the main phase starts from (equal when one trial sufficed).
struct InitialLoads {
  GridIndex lower = 0;
  GridIndex upper = 0;
};

/// The initial phase: a trial at max load, then at its forwarding rate corrected
/// for the smallest goal loss ratio (the "MRR"), then once more close to it, so
/// that the main phase starts from a narrow interval. Uses the coarsest targets'
/// smallest loss ratio, longest trial duration and widest width.
InitialLoads run_initial_phase(const TargetChains& chains, const LoadGrid& grid,
                               const LimitHandler& handler, const TrialRunner& run_trial);

}  // namespace trexsearch::mlr
