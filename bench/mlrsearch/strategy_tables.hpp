#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/mlrsearch/search_runs.hpp"

namespace trexsearch::bench {

/// One model, seed and goal set, searched by both load-selection strategies.
struct StrategyCase {
  std::string model;
  std::uint64_t seed = 0;
  /// "NDR+PDR" or "RFC2544".
  std::string goals;
  MlrRun csit;
  MlrRun fast;
  /// oracle_trial_seconds() for the same model, seed and goals, when defined.
  std::optional<measure::Seconds> oracle;
};

/// Per model and goal set: trial seconds of each strategy (mean ± standard error,
/// worst run), fast/csit of means beside the oracle's floor (its mean trial
/// seconds over csit's; n/a unless every run has one), and fast/csit per run
/// (mean ± standard error, worst run).
void print_strategy_cost(std::ostream& out, const std::vector<StrategyCase>& cases);

/// Per model, goal set, goal and strategy: regular results, CT within one goal
/// width of the truth, mean error, mean absolute error, worst error.
void print_strategy_accuracy(std::ostream& out, const std::vector<StrategyCase>& cases);

/// Per model, goal set and goal: the runs (same seed, same SUT) in which only fast's
/// CT is within one goal width of the truth, those in which only csit's is, their
/// difference and its standard error over the pairs (McNemar's: sqrt(b + c - (b -
/// c)^2 / n)), so that a difference in the accuracy table can be told from the seeds'
/// luck. A run counts as not within when its CT or truth is missing.
void print_strategy_pairs(std::ostream& out, const std::vector<StrategyCase>& cases);

/// One row per run, goal and strategy.
void print_strategy_details(std::ostream& out, const std::vector<StrategyCase>& cases);

}  // namespace trexsearch::bench
