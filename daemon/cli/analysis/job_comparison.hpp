#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/cli/replies/job_values.hpp"

namespace trexsearch::cli {

// `trex-search compare`: jobs side by side, each against the first (docs/trend.md
// "compare"). No I/O.

/// One job's value of one goal, against the first job's.
struct ComparedValue {
  std::optional<GoalValue> value;            ///< absent: the job has no value for the goal
  std::optional<double> difference_pps;      ///< value - first job's value
  std::optional<double> difference_percent;  ///< of the first job's value
  /// The two runs' spread intervals do not overlap (docs/trend.md "The spread rule").
  bool beyond_spread = false;
  /// Lower than the first job's, beyond the spread, both values clean.
  bool regression = false;
};

/// One goal across the jobs.
struct ComparedGoal {
  std::string goal;
  std::vector<ComparedValue> values;  ///< one per job, in Comparison::jobs order
};

struct Comparison {
  std::vector<JobValues> jobs;  ///< as given; the first is the base
  std::vector<ComparedGoal> goals;
  bool regression = false;  ///< any value is a regression
};

/// Compares `jobs` (at least two) against the first. Throws BadInputError when they
/// differ in method or (among the jobs with values) in their goals, naming the jobs
/// and the goal or key.
Comparison compare_jobs(std::vector<JobValues> jobs);

/// Whether the spread intervals [low, high] of two values are disjoint.
bool beyond_spread(const GoalValue& base, const GoalValue& other);

}  // namespace trexsearch::cli
