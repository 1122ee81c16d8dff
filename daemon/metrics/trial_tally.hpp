#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

namespace trexsearch::service {

/// Which trials a count is of: the search phase, the result ("no_loss", "loss" or
/// "tester_limited") and the job's testbed ("" for a job on none).
struct TrialKey {
  std::string phase;
  std::string result;
  std::string testbed;
  friend bool operator==(const TrialKey&, const TrialKey&) = default;
  friend bool operator<(const TrialKey& a, const TrialKey& b) {
    return std::tie(a.phase, a.result, a.testbed) < std::tie(b.phase, b.result, b.testbed);
  }
};

/// Trials stored since the start, by key (the Prometheus counter
/// trexsearch_trials_total).
using TrialTotals = std::map<TrialKey, std::uint64_t>;

/// Counts stored trials for metrics. Thread-safe: the runner thread counts, the
/// io thread reads.
class TrialTally {
 public:
  /// One more stored trial of `phase` with `result` on `testbed`.
  void count(const std::string& phase, const std::string& result, const std::string& testbed);
  /// The counts so far.
  TrialTotals totals() const;

 private:
  mutable std::mutex mutex_;
  TrialTotals totals_;
};

}  // namespace trexsearch::service
