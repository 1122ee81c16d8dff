#include "daemon/cli/analysis/trend_series.hpp"

#include <algorithm>

#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {
namespace {

std::vector<std::string> goal_names(const std::vector<JobValues>& jobs) {
  std::vector<std::string> names;
  for (const JobValues& job : jobs) {
    for (const GoalValue& goal : job.goals) {
      if (std::find(names.begin(), names.end(), goal.goal) == names.end()) {
        names.push_back(goal.goal);
      }
    }
  }
  return names;
}

/// The values grouped, and for each the index of its point in the series.
struct GroupedValues {
  std::vector<double> values;
  std::vector<std::size_t> point_of_value;
};

/// A point per job that has the goal (or no result yet, shown by its state);
/// the clean values (any, with include_unclean) take part in the grouping.
GroupedValues add_points(TrendSeries& series, const std::vector<JobValues>& jobs,
                         const TrendSettings& settings) {
  GroupedValues grouped;
  for (const JobValues& job : jobs) {
    TrendPoint point{job, std::nullopt, false, false, std::nullopt};
    // A job without the goal at all (another method, other goals) is not part of
    // this series; one without a result is, shown by its state.
    if (job.has_values) {
      const GoalValue* value = job.find(series.goal);
      if (value == nullptr) continue;
      point.value = *value;
      if (value->value_pps && (value->clean() || settings.include_unclean)) {
        point.grouped = true;
        grouped.values.push_back(*value->value_pps);
        grouped.point_of_value.push_back(series.points.size());
      }
    }
    series.points.push_back(point);
  }
  return grouped;
}

/// The classification's groups as segments (with the change from the group
/// before), and each point's group.
void add_segments(TrendSeries& series, const trend::Classification& classified,
                  const std::vector<std::size_t>& point_of_value) {
  for (std::size_t g = 0; g < classified.groups.size(); ++g) {
    const trend::TrendGroup& group = classified.groups[g];
    TrendSegment segment;
    segment.first_job = series.points[point_of_value[group.first_index]].job.id;
    segment.last_job = series.points[point_of_value[group.last_index]].job.id;
    segment.stats = group.stats;
    segment.verdict = group.verdict;
    if (g > 0) {
      const double previous = classified.groups[g - 1].stats.avg;
      if (previous > 0.0) segment.change_percent = 100.0 * (group.stats.avg - previous) / previous;
    }
    for (std::size_t i = group.first_index; i <= group.last_index; ++i) {
      TrendPoint& point = series.points[point_of_value[i]];
      if (!point.outlier) point.group = g;
    }
    series.groups.push_back(segment);
  }
}

TrendVerdict series_verdict(trend::Verdict last) {
  switch (last) {
    case trend::Verdict::regression:
      return TrendVerdict::regression;
    case trend::Verdict::progression:
      return TrendVerdict::progression;
    default:
      return TrendVerdict::stable;
  }
}

TrendSeries series_of(const std::string& goal, const std::vector<JobValues>& jobs,
                      const TrendSettings& settings) {
  TrendSeries series;
  series.goal = goal;
  const GroupedValues grouped = add_points(series, jobs, settings);
  series.grouped_count = grouped.values.size();
  if (grouped.values.size() < 2) return series;  // too_few
  const trend::Classification classified = trend::classify_series(
      grouped.values, {trend::kDefaultSignificantBits, settings.drop_outliers});
  for (std::size_t index : classified.outliers) {
    TrendPoint& point = series.points[grouped.point_of_value[index]];
    point.outlier = true;
    point.grouped = false;
  }
  add_segments(series, classified, grouped.point_of_value);
  series.verdict = series_verdict(classified.last_verdict());
  return series;
}

}  // namespace

std::string trend_key(const protocol::JobSummary& job) { return job.name; }

const char* to_string(TrendVerdict verdict) {
  switch (verdict) {
    case TrendVerdict::too_few:
      return "too_few";
    case TrendVerdict::stable:
      return "stable";
    case TrendVerdict::regression:
      return "regression";
    case TrendVerdict::progression:
      return "progression";
  }
  return "?";
}

std::vector<TrendSeries> build_trend(const std::vector<JobValues>& jobs,
                                     const TrendSettings& settings) {
  std::vector<std::string> goals = goal_names(jobs);
  if (settings.goal) {
    if (std::find(goals.begin(), goals.end(), *settings.goal) == goals.end()) {
      std::string known;
      for (const std::string& goal : goals) known += (known.empty() ? "" : ", ") + goal;
      throw BadInputError("--goal '" + *settings.goal + "': no result of these jobs has it (" +
                          (known.empty() ? "no job has a result" : "goals: " + known) + ")");
    }
    goals = {*settings.goal};
  }
  std::vector<TrendSeries> series;
  series.reserve(goals.size());
  for (const std::string& goal : goals) series.push_back(series_of(goal, jobs, settings));
  return series;
}

}  // namespace trexsearch::cli
