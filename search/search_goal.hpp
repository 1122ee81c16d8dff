#pragma once

#include <string>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"

namespace trexsearch::mlr {

/// One search goal (draft-06 "Search Goal"). Defaults are the reference
/// implementation's (CSIT MLRsearch 1.2.1), which are also CSIT's NDR settings.
struct SearchGoal {
  /// Optional label for reports ("NDR", "PDR"); not part of the goal's identity.
  std::string name;
  /// A trial is high-loss iff its loss ratio is strictly greater than this.
  double loss_ratio = 0.0;
  /// Tolerated share of high-loss trial seconds at a lower bound.
  double exceed_ratio = 0.5;
  /// The search stops when (RUB - RLB) / RUB is at most this.
  double relative_width = 0.005;
  /// Trial duration of the coarsest preceding target.
  measure::Seconds initial_trial_duration{1.0};
  /// Trials at least this long are full-length for this goal.
  measure::Seconds final_trial_duration{1.0};
  /// Sum of effective durations that decides a load's classification.
  measure::Seconds duration_sum{21.0};
  /// Number of coarser, shorter targets searched before the goal itself.
  int preceding_targets = 2;
  /// Width multiplier of external search steps.
  int expansion_coefficient = 2;
  /// Stop the whole search when min load turns out to be an upper bound.
  bool fail_fast = true;
  /// Judge trials by the aggregate loss ratio (CSIT) or the worst direction's.
  measure::LossScope loss_scope = measure::LossScope::aggregate;

  /// Throws ConfigError naming `field_prefix` + the field and its value.
  void validate(const std::string& field_prefix = "goal") const;

  /// The label used in output: `name`, or "goal N" (1-based) when unnamed.
  std::string label(std::size_t index) const;

  /// Same attributes (the name is ignored).
  bool same_attributes(const SearchGoal& other) const;

  /// Same goal, name included (protocol round trips).
  friend bool operator==(const SearchGoal&, const SearchGoal&) = default;
};

}  // namespace trexsearch::mlr
