#include "daemon/model/fixed_load_spec.hpp"

#include <cmath>

namespace trexsearch::service {

std::size_t SoakSpec::interval_count() const {
  // Rounded up: a soak never runs shorter than asked. The small tolerance keeps
  // 1800 / 60 at 30 despite floating point.
  const double count = std::ceil(duration.count() / interval.count() - 1e-9);
  return count < 1.0 ? 1 : static_cast<std::size_t>(count);
}

FixedLoadPlan plan_of(const MrrSpec& spec) {
  FixedLoadPlan plan;
  plan.load_pps = spec.load_pps;
  plan.trial_duration = spec.trial_duration;
  plan.trial_count = spec.trial_count;
  return plan;
}

FixedLoadPlan plan_of(const SoakSpec& spec) {
  FixedLoadPlan plan;
  plan.load_pps = spec.load_pps;
  plan.trial_duration = spec.interval;
  plan.trial_count = spec.interval_count();
  plan.loss_ratio_threshold = spec.loss_ratio_threshold;
  plan.stop_on_threshold = spec.on_threshold == SoakAction::stop;
  return plan;
}

}  // namespace trexsearch::service
