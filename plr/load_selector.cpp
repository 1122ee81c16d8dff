#include "plr/load_selector.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::plr {

LoadSelector::LoadSelector(double min_load_pps, double max_load_pps, double target_loss_ratio)
    : min_load_pps_(min_load_pps),
      max_load_pps_(max_load_pps),
      target_loss_ratio_(target_loss_ratio),
      lossy_loads_{max_load_pps} {}

double LoadSelector::first_load_pps() const { return (min_load_pps_ + max_load_pps_) / 2.0; }

double LoadSelector::next_load_pps(std::size_t trial_number, double load_pps, double loss_ratio,
                                   bool lossy, std::optional<double> fits_average_pps) {
  // The reference's counter includes the current trial, so a lossy trial after j trials below
  // target adds 4 (j + 1) copies (the drafts say 4).
  ++zeros_;
  if (lossy) {
    lossy_loads_.insert(lossy_loads_.end(), 4 * static_cast<std::size_t>(zeros_), load_pps);
    std::sort(lossy_loads_.begin(), lossy_loads_.end());
    zeros_ = 0;
  }
  double next = load_pps;
  if (trial_number <= 1) {
    next = max_load_pps_;
  } else if (trial_number <= 3) {
    // Where the loss would reach the target if loss fell one for one with the load.
    next = load_pps * (1.0 - loss_ratio) / (1.0 - target_loss_ratio_);
  } else {
    if (fits_average_pps) next = *fits_average_pps;
    if (zeros_ > 0) {
      // Pull towards the smallest lossy load, harder after each consecutive zero: weight
      // 1, 2, 4... for the lossy load against the estimate.
      if (lossy_loads_.front() > next) {
        const double diminisher = std::pow(2.0, 1 - zeros_);
        next = (lossy_loads_.front() + diminisher * next) / (1.0 + diminisher);
      }
      // Drained on every zero, used or not, so stale low lossy loads go away.
      if (lossy_loads_.size() > 3)
        lossy_loads_.erase(lossy_loads_.begin(), lossy_loads_.begin() + 3);
    }
  }
  if (!std::isfinite(next)) next = load_pps;
  return std::clamp(next, min_load_pps_, max_load_pps_);
}

}  // namespace trexsearch::plr
