#pragma once

#include <cstddef>
#include <optional>

#include "measure/units.hpp"

namespace trexsearch::service {

/// `"method": "mrr"` (docs/mrr.md): CSIT's Maximum Receive Rate. `trial_count`
/// trials of `trial_duration` at one load (the maximum); the result is each
/// trial's receive rate (received frames / intended duration) with its mean and
/// stdev, per direction and in aggregate.
struct MrrSpec {
  /// The load every trial offers [pps per direction] (spec `load`, any load unit).
  double load_pps = 0.0;
  /// CSIT's default: 1 s.
  measure::Seconds trial_duration{1.0};
  /// CSIT's default: 10.
  std::size_t trial_count = 10;
};

/// What a soak does when an interval's loss ratio exceeds the threshold.
enum class SoakAction {
  stop,  ///< end the soak there (its result says why)
  flag,  ///< keep going; the result counts and lists the intervals
};

/// `"method": "soak"` (docs/mrr.md): a fixed-rate soak. One load for `duration`,
/// measured as consecutive intervals (one trial each), each with its own loss.
struct SoakSpec {
  double load_pps = 0.0;
  /// Each interval is one trial of this length.
  measure::Seconds interval{60.0};
  /// The whole soak; duration / interval intervals, rounded up.
  measure::Seconds duration{3600.0};
  /// An interval whose loss ratio (lost / sent frames) is above this exceeds it.
  double loss_ratio_threshold = 0.0;
  SoakAction on_threshold = SoakAction::stop;

  std::size_t interval_count() const;
};

/// What the fixed-load runner does, for either method.
struct FixedLoadPlan {
  double load_pps = 0.0;
  measure::Seconds trial_duration{1.0};
  std::size_t trial_count = 0;
  /// Soaks only.
  std::optional<double> loss_ratio_threshold;
  bool stop_on_threshold = false;
};

FixedLoadPlan plan_of(const MrrSpec& spec);
FixedLoadPlan plan_of(const SoakSpec& spec);

}  // namespace trexsearch::service
