#include "daemon/metrics/trial_tally.hpp"

namespace trexsearch::service {

void TrialTally::count(const std::string& phase, const std::string& result,
                       const std::string& testbed) {
  std::lock_guard lock(mutex_);
  ++totals_[TrialKey{phase, result, testbed}];
}

TrialTotals TrialTally::totals() const {
  std::lock_guard lock(mutex_);
  return totals_;
}

}  // namespace trexsearch::service
