#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace trexsearch::plr {

/// Offered-load selection exactly as the reference implementation does it (draft-02 section
/// 5.6 describes it; docs/plrsearch.md lists where the code differs from the words):
/// trial 1 at the middle of [min, max], trial 2 at max, trials 3 and 4 at the previous trial's
/// forwarding rate / (1 - target) ("MRR-like"), then the mean of the two fits' estimates,
/// pulled up towards the smallest recent lossy load after trials below target ("lossy loads").
/// Always within [min, max].
class LoadSelector {
 public:
  LoadSelector(double min_load_pps, double max_load_pps, double target_loss_ratio);

  /// The load of trial 1.
  double first_load_pps() const;

  /// Records trial `trial_number` (1-based, in order) and returns the load of the next trial.
  /// `lossy`: its model loss count reached intended count * target. `fits_average_pps`: the
  /// next-load basis from the computation that ran during this trial (absent: stay put).
  double next_load_pps(std::size_t trial_number, double load_pps, double loss_ratio, bool lossy,
                       std::optional<double> fits_average_pps);

  /// Sorted; starts as {max load}.
  const std::vector<double>& lossy_loads() const { return lossy_loads_; }
  /// Consecutive trials below target so far.
  int zeros() const { return zeros_; }

 private:
  double min_load_pps_;
  double max_load_pps_;
  double target_loss_ratio_;
  std::vector<double> lossy_loads_;
  int zeros_ = 0;
};

}  // namespace trexsearch::plr
