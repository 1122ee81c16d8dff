#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/cli/replies/job_values.hpp"
#include "daemon/protocol/replies/replies.hpp"
#include "daemon/trend/group_classifier.hpp"

namespace trexsearch::cli {

// `trex-search trend NAME`: every ended job of one name as a series per goal, grouped
// into stable segments (daemon/trend) with the newest group judged (docs/trend.md).
// No I/O.

/// What puts a job into a trend: today its name. Kept one small function so a
/// suite entry's name can become the key later without touching the rest.
std::string trend_key(const protocol::JobSummary& job);

/// One job in a series.
struct TrendPoint {
  JobValues job;                     ///< the job (state, reason, created_at)
  std::optional<GoalValue> value;    ///< absent: no result or no such goal in it
  bool grouped = false;              ///< the value took part in the grouping
  bool outlier = false;              ///< left out of the grouping as a single outlier
  std::optional<std::size_t> group;  ///< index into TrendSeries::groups
};

/// One segment, named by its jobs.
struct TrendSegment {
  std::int64_t first_job = 0;
  std::int64_t last_job = 0;
  trend::AvgStdevStats stats;
  trend::Verdict verdict = trend::Verdict::first;
  /// Its average against the previous segment's, in %; absent for the first.
  std::optional<double> change_percent;
};

/// The verdict on a series: its newest segment against the one before it.
enum class TrendVerdict { too_few, stable, regression, progression };
/// "too_few", "stable", "regression", "progression".
const char* to_string(TrendVerdict verdict);

struct TrendSeries {
  std::string goal;
  std::vector<TrendPoint> points;  ///< oldest first
  std::vector<TrendSegment> groups;
  std::size_t grouped_count = 0;
  TrendVerdict verdict = TrendVerdict::too_few;
};

struct TrendSettings {
  std::optional<std::string> goal;  ///< only this goal's series
  bool include_unclean = false;     ///< group tester-limited, irregular, stopped-early values too
  bool drop_outliers = true;
};

/// The series of `jobs` (oldest first), one per goal in the order the goals first
/// appear. Throws BadInputError when `settings.goal` names a goal no job has
/// (naming the goals there are).
std::vector<TrendSeries> build_trend(const std::vector<JobValues>& jobs,
                                     const TrendSettings& settings);

}  // namespace trexsearch::cli
