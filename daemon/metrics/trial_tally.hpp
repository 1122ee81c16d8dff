#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace trexsearch::service {

/// Trials stored since the start, by (phase, result): result is "no_loss", "loss"
/// or "tester_limited" (the Prometheus counter trexsearch_trials_total).
using TrialTotals = std::map<std::pair<std::string, std::string>, std::uint64_t>;

/// Counts stored trials for metrics. Thread-safe: the runner thread counts, the
/// io thread reads.
class TrialTally {
 public:
  /// One more stored trial of `phase` with `result`.
  void count(const std::string& phase, const std::string& result);
  /// The counts so far.
  TrialTotals totals() const;

 private:
  mutable std::mutex mutex_;
  TrialTotals totals_;
};

}  // namespace trexsearch::service
