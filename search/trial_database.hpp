#pragma once

#include <cstddef>
#include <map>
#include <vector>

#include "measure/trial_result.hpp"
#include "search/load_classification.hpp"
#include "search/relevant_bounds.hpp"

namespace trexsearch::mlr {

/// Every trial so far, pooled by intended load, tallied for every target
/// (every trial counts for every goal and every preceding target).
class TrialDatabase {
 public:
  /// All trials at one load.
  struct LoadEntry {
    double load_pps = 0.0;
    std::size_t trial_count = 0;
    /// One per target, in the order the targets were given.
    std::vector<TargetTally> tallies;
  };

  explicit TrialDatabase(std::vector<ClassificationTarget> targets);

  void add(const measure::TrialResult& trial);

  /// Measured loads in increasing order.
  const std::map<double, LoadEntry>& loads() const { return loads_; }
  std::size_t target_count() const { return targets_.size(); }

  /// The relevant bounds of one target (index into the constructor's targets).
  RelevantBounds relevant_bounds(std::size_t target) const;

  /// The tally of a measured load; the load must be in the database.
  const TargetTally& tally(double load_pps, std::size_t target) const;

 private:
  std::vector<ClassificationTarget> targets_;
  std::map<double, LoadEntry> loads_;
};

}  // namespace trexsearch::mlr
