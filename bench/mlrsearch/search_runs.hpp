#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/mlrsearch/rfc2544_binary_search.hpp"
#include "measure/units.hpp"
#include "search/controller_config.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::bench {

/// One goal's result from one MLRsearch run, next to the value it should be near.
struct GoalOutcome {
  std::string label;
  double relative_width = 0.0;
  std::optional<double> lower_bound_pps;
  std::optional<double> upper_bound_pps;
  std::optional<double> conditional_throughput_pps;
  bool regular = false;
  /// Irregularity name when not regular.
  std::string irregularity;
  /// The SUT's true throughput for this goal; none when the model has none.
  std::optional<double> truth_pps;
};

/// One MLRsearch run: its cost and its per-goal results.
struct MlrRun {
  std::size_t trials = 0;
  measure::Seconds trial_duration_sum{0.0};
  std::string stop_reason;
  std::vector<GoalOutcome> goals;
};

/// The three searches of the comparison on one simulated SUT.
struct CaseRuns {
  /// The model name plus any options the benchmark was given for it.
  std::string model;
  std::uint64_t seed = 0;
  std::string description;
  /// (a) CSIT's NDR and PDR goals.
  MlrRun ndr_pdr;
  /// (b) one RFC 2544 goal (60 s final trials, zero loss, no exceed).
  MlrRun rfc2544;
  /// (c) the plain 60 s binary search.
  BinarySearchResult binary;
  /// What (b) and (c) should find.
  std::optional<double> rfc2544_truth_pps;
};

/// CSIT's NDR+PDR settings, but without fail-fast: loss 0 and 0.005, exceed 0.5,
/// width 0.005, 1 s trials, sum 21 s, 2 preceding targets; loads 9001 .. 14880952
/// (10GE 64B), no warmup.
mlr::ControllerConfig csit_ndr_pdr_config();

/// One RFC 2544 goal as draft-15 defines it: loss 0, exceed 0, width 0.005,
/// initial 1 s, final 60 s, sum 60 s, 2 preceding targets, no fail-fast; same loads.
mlr::ControllerConfig rfc2544_config();

/// The value a goal's conditional throughput should approach: the model's true
/// capacity when it has one, else the forwarding rate at the load whose expected
/// loss ratio (for the goal's final trial duration) equals the goal's loss ratio.
std::optional<double> true_throughput_pps(const sim::SutModel& model, const mlr::SearchGoal& goal);

/// One MLRsearch on a fresh model with these options and seed, on a virtual clock
/// advanced by every trial's effective duration; each goal next to its truth.
MlrRun run_mlr(const mlr::ControllerConfig& config, const std::string& model,
               const sim::SutOptions& options, std::uint64_t seed);

/// Runs (a), (b) and (c), each on a fresh model with the same options and seed,
/// on a virtual clock advanced by every trial's effective duration.
/// `label` names the model and its non-default options in the tables.
CaseRuns run_case(const std::string& label, const std::string& model,
                  const sim::SutOptions& options, std::uint64_t seed);

}  // namespace trexsearch::bench
