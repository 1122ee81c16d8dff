#include "daemon/cli/analysis/trend_format.hpp"

#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/text_table.hpp"

namespace trexsearch::cli {
namespace {

std::string jobs_text(const TrendSegment& segment) {
  return segment.first_job == segment.last_job ? "job " + std::to_string(segment.first_job)
                                               : "jobs " + std::to_string(segment.first_job) +
                                                     ".." + std::to_string(segment.last_job);
}

std::string signed_percent(double percent) {
  return (percent > 0.0 ? "+" : "") + fixed(percent, 2) + " %";
}

std::string value_cell(const TrendPoint& point) {
  if (!point.job.has_values) return "-";
  if (!point.value || !point.value->value_pps) return "none";
  return load_text(*point.value->value_pps) + (point.value->clean() ? "" : " *");
}

std::string group_cell(const TrendPoint& point) {
  if (point.group) return std::to_string(*point.group + 1);
  if (point.outlier) return "outlier";
  if (!point.job.has_values) {
    return point.job.reason.empty() ? "no result" : "no result: " + terminal_safe(point.job.reason);
  }
  if (!point.value || !point.value->value_pps) return "no value";
  if (!point.value->clean()) return "not grouped: " + terminal_safe(point.value->unclean_reason);
  return "-";
}

std::string verdict_line(const TrendSeries& series) {
  switch (series.verdict) {
    case TrendVerdict::too_few:
      return "verdict: too few results to group (" + std::to_string(series.grouped_count) +
             " usable, at least 2 needed)";
    case TrendVerdict::stable:
      return series.groups.size() == 1
                 ? "verdict: stable (one group)"
                 : "verdict: stable (the newest group's average equals the previous one's)";
    case TrendVerdict::regression:
    case TrendVerdict::progression: {
      const TrendSegment& last = series.groups.back();
      return std::string("verdict: ") +
             (series.verdict == TrendVerdict::regression ? "REGRESSION" : "progression") +
             ": the newest group (" + jobs_text(last) + ") averages " + load_text(last.stats.avg) +
             " frames/s, " +
             (last.change_percent ? signed_percent(*last.change_percent) : std::string("?")) +
             " against the group before it (" + jobs_text(series.groups[series.groups.size() - 2]) +
             ")";
    }
  }
  return "";
}

}  // namespace

std::string format_trend(const std::string& name, const std::vector<TrendSeries>& series) {
  std::string text;
  if (series.empty()) return "trend of '" + terminal_safe(name) + "': no job has a result\n";
  for (const TrendSeries& one : series) {
    text += "trend of '" + terminal_safe(name) + "', " + terminal_safe(one.goal) + " (" +
            std::to_string(one.points.size()) + " jobs, " + std::to_string(one.grouped_count) +
            " grouped), frames/s per direction:\n";
    std::vector<std::vector<std::string>> rows{{"JOB", "CREATED", "STATE", "VALUE", "GROUP"}};
    bool unclean = false;
    for (const TrendPoint& point : one.points) {
      rows.push_back({std::to_string(point.job.id), point.job.created_at, point.job.state,
                      value_cell(point), group_cell(point)});
      unclean = unclean || (point.value && !point.value->clean());
    }
    text += format_text_table(rows, {true, false, false, true, false});
    if (unclean) text += "* not clean (tester-limited, irregular or stopped early)\n";
    if (!one.groups.empty()) {
      std::vector<std::vector<std::string>> group_rows{
          {"GROUP", "JOBS", "RUNS", "AVERAGE", "STDEV", "CHANGE", "VERDICT"}};
      for (std::size_t g = 0; g < one.groups.size(); ++g) {
        const TrendSegment& segment = one.groups[g];
        group_rows.push_back(
            {std::to_string(g + 1), jobs_text(segment), std::to_string(segment.stats.size),
             load_text(segment.stats.avg), load_text(segment.stats.stdev),
             segment.change_percent ? signed_percent(*segment.change_percent) : "-",
             trend::to_string(segment.verdict)});
      }
      text +=
          "groups:\n" + format_text_table(group_rows, {true, false, true, true, true, true, false});
    }
    text += verdict_line(one) + "\n\n";
  }
  text.pop_back();  // no blank line after the last series
  return text;
}

std::string format_fleet_trend(const std::string& name, const std::vector<ScopedTrend>& trends) {
  std::string text;
  std::string regressions;
  for (const ScopedTrend& trend : trends) {
    text += format_trend(name + trend.scope.label(), trend.series) + "\n";
    std::string goals;
    for (const TrendSeries& series : trend.series) {
      if (series.verdict == TrendVerdict::regression) {
        goals += (goals.empty() ? "" : ", ") + terminal_safe(series.goal);
      }
    }
    if (goals.empty()) continue;
    // The label without its leading " on ".
    regressions += (regressions.empty() ? "" : "; ") +
                   terminal_safe(trend.scope.label().substr(4)) + " (" + goals + ")";
  }
  const bool per_tester = !trends.empty() && trends.front().scope.any_testbed;
  const std::string count = std::to_string(trends.size());
  text += "fleet: '" + terminal_safe(name) + "' on " +
          (per_tester ? count + " testers (any testbed): " : count + " tester/testbed pairs: ") +
          (regressions.empty() ? "no regression" : "REGRESSION on " + regressions) + "\n";
  return text;
}

bool trend_regressed(const std::vector<TrendSeries>& series) {
  for (const TrendSeries& one : series) {
    if (one.verdict == TrendVerdict::regression) return true;
  }
  return false;
}

}  // namespace trexsearch::cli
