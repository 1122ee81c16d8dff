#include "daemon/metrics/trial_tally.hpp"

namespace trexsearch::service {

void TrialTally::count(const std::string& phase, const std::string& result) {
  std::lock_guard lock(mutex_);
  ++totals_[{phase, result}];
}

TrialTotals TrialTally::totals() const {
  std::lock_guard lock(mutex_);
  return totals_;
}

}  // namespace trexsearch::service
