#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "measure/units.hpp"
#include "search/controller_config.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::bench {

/// The trial seconds an oracle spends to reach every goal of `config` on a fresh
/// model with these options and seed: the floor that a load-selection strategy
/// is measured against (docs/benchmarks-mlrsearch.md "What is reachable").
///
/// What the oracle knows: for each goal, the grid load (the controller's grid)
/// at which a trial of the goal's final duration is high-loss with probability
/// nearest one half, found from 200 trials per load on a separate copy of the
/// model (another seed). What it does: the same first trial at max load as
/// every search; then, goal by goal, it decides that load with trials of the
/// goal's final duration (draft-06 Appendix A, the final target only), and
/// then the load one goal width from the relevant bound that is missing
/// (above a lower bound, below an upper bound), until the goal's relevant
/// bounds are one width apart (or min load is an upper bound, max load a lower
/// one). Every trial counts for every goal. Nothing when a goal's initial and
/// final trial durations differ: with short trials as upper-bound evidence
/// (exceed ratio 0) this walk is no floor.
std::optional<measure::Seconds> oracle_trial_seconds(const mlr::ControllerConfig& config,
                                                     const std::string& model,
                                                     const sim::SutOptions& options,
                                                     std::uint64_t seed);

}  // namespace trexsearch::bench
