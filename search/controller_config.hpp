#pragma once

#include <string>
#include <vector>

#include "measure/units.hpp"
#include "search/search_goal.hpp"
#include "search/selection_strategy.hpp"

namespace trexsearch::mlr {

/// Controller input besides the measurer (draft-06 "Controller Inputs").
/// Defaults are the reference implementation's.
struct ControllerConfig {
  std::vector<SearchGoal> goals{SearchGoal{}};
  /// No trial below this load [frames/s per direction].
  double min_load_pps = 9001.0;
  /// No trial above this load [frames/s per direction]; the first trial is here.
  double max_load_pps = 1e9;
  /// Checked before each trial; when exceeded the search returns what it has,
  /// marked irregular (the reference throws everything away instead).
  measure::Seconds search_duration_max{1200.0};
  /// Zero for none; otherwise one trial at max load whose result is not used.
  measure::Seconds warmup_duration{1.0};
  /// The loads' unit in the search's texts (stop details, irregularity reasons):
  /// "pps", or "cps" for an ASTF job's connection rates. Not part of the spec's JSON:
  /// the daemon sets it from the job's measurer.
  std::string load_unit = "pps";
  /// Load selection. fast by default: over 1000 seeds of every bench model it is
  /// within one goal width at least as often as csit, in less trial time, and on
  /// every goal file and built-in SUT (strategy_sweep.py) at most 1.45 of csit's
  /// time with no accuracy lost (docs/benchmarks-mlrsearch.md, "The default,
  /// third reading"); csit repeats the reference trial for trial.
  SelectionStrategy strategy = SelectionStrategy::fast;

  /// Throws ConfigError naming the field and its value.
  void validate() const;
};

}  // namespace trexsearch::mlr
