#include "daemon/cli/analysis/comparison_format.hpp"

#include <string>
#include <utility>
#include <vector>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/text_table.hpp"

namespace trexsearch::cli {
namespace {

std::string signed_text(double value, int decimals) {
  return (value > 0.0 ? "+" : "") + fixed(value, decimals);
}

std::string state_text(const JobValues& job) {
  if (job.state == "finished" || job.reason.empty()) return job.state;
  return job.state + ": " + terminal_safe(job.reason);
}

std::string frame_size_text(const JobValues& job) {
  if (!job.line_rate) return "-";
  return fixed(job.line_rate->frame_bytes, 1) + " B";
}

std::string value_text(const ComparedValue& compared, const JobValues& job) {
  if (!job.has_values) return "(" + job.state + ")";
  if (!compared.value || !compared.value->value_pps) return "-";
  return load_text(*compared.value->value_pps) + (compared.value->clean() ? "" : " *");
}

std::string spread_text(const ComparedValue& compared) {
  if (!compared.value || !compared.value->spread_low_pps) return "-";
  const GoalValue& value = *compared.value;
  if (value.stdev_pps) return "+- " + load_text(*value.stdev_pps);
  return load_text(*value.spread_low_pps) + " .. " + load_text(*value.spread_high_pps);
}

std::string difference_text(const ComparedValue& compared) {
  if (!compared.difference_pps) return "-";
  std::string text = signed_text(*compared.difference_pps, 1);
  if (compared.difference_percent)
    text += " (" + signed_text(*compared.difference_percent, 2) + " %)";
  if (compared.regression) return text + " REGRESSION";
  return text + (compared.beyond_spread ? " beyond spread" : " within spread");
}

/// The table's rows: a label, then one cell per job.
class ComparisonRows {
 public:
  explicit ComparisonRows(const std::vector<JobValues>& jobs) : jobs_(jobs) {}

  template <typename Cell>
  void add(const std::string& label, Cell&& cell) {
    std::vector<std::string> row{label};
    for (std::size_t i = 0; i < jobs_.size(); ++i) row.push_back(cell(i));
    rows_.push_back(std::move(row));
  }

  const std::vector<std::vector<std::string>>& rows() const { return rows_; }

 private:
  const std::vector<JobValues>& jobs_;
  std::vector<std::vector<std::string>> rows_;
};

/// What each job is: its label, name, method, state, profile and frame size.
void add_job_rows(ComparisonRows& rows, const std::vector<JobValues>& jobs) {
  rows.add("", [&](std::size_t i) { return "job " + terminal_safe(job_label(jobs[i])); });
  rows.add("name", [&](std::size_t i) { return terminal_safe(jobs[i].name); });
  rows.add("method", [&](std::size_t i) { return jobs[i].method; });
  rows.add("state", [&](std::size_t i) { return state_text(jobs[i]); });
  rows.add("created", [&](std::size_t i) { return jobs[i].created_at; });
  rows.add("profile", [&](std::size_t i) {
    return jobs[i].profile.empty() ? std::string("-") : terminal_safe(jobs[i].profile);
  });
  rows.add("frame size", [&](std::size_t i) { return frame_size_text(jobs[i]); });
}

/// One goal's value in every job, as a share of line rate, its spread, and its
/// difference from the first job.
void add_goal_rows(ComparisonRows& rows, const ComparedGoal& goal,
                   const std::vector<JobValues>& jobs) {
  rows.add(terminal_safe(goal.goal) + " [frames/s]",
           [&](std::size_t i) { return value_text(goal.values[i], jobs[i]); });
  rows.add("  % of line rate", [&](std::size_t i) {
    const auto& value = goal.values[i].value;
    const std::string text =
        value && value->value_pps
            ? percent_of_line_rate(*value->value_pps / value->summed_directions, jobs[i].line_rate)
            : "";
    return text.empty() ? std::string("-") : text;
  });
  rows.add("  spread", [&](std::size_t i) { return spread_text(goal.values[i]); });
  rows.add("  vs job " + terminal_safe(job_label(jobs.front())), [&](std::size_t i) {
    return i == 0 ? std::string("-") : difference_text(goal.values[i]);
  });
}

/// A line per goal of a later job that regressed against the first job.
std::string regression_lines(const Comparison& comparison) {
  const std::vector<JobValues>& jobs = comparison.jobs;
  std::string text;
  for (const ComparedGoal& goal : comparison.goals) {
    for (std::size_t i = 1; i < jobs.size(); ++i) {
      const ComparedValue& value = goal.values[i];
      if (!value.regression) continue;
      text += "REGRESSION: " + terminal_safe(goal.goal) + " of job " +
              terminal_safe(job_label(jobs[i])) + " is " + fixed(-*value.difference_percent, 2) +
              " % below job " + terminal_safe(job_label(jobs.front())) +
              ", beyond both runs' spread\n";
    }
  }
  return text;
}

/// The footnote for values marked * (not clean) and why each is not; nothing
/// when every value is clean.
std::string unclean_lines(const Comparison& comparison) {
  const std::vector<JobValues>& jobs = comparison.jobs;
  std::string reasons;
  for (const ComparedGoal& goal : comparison.goals) {
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const auto& value = goal.values[i].value;
      if (value && !value->clean()) {
        reasons += "  job " + terminal_safe(job_label(jobs[i])) + " " + terminal_safe(goal.goal) +
                   ": " + terminal_safe(value->unclean_reason) + "\n";
      }
    }
  }
  if (reasons.empty()) return "";
  return "* not clean (tester-limited, irregular or stopped early): never counted as a "
         "regression\n" +
         reasons;
}

}  // namespace

std::string format_comparison(const Comparison& comparison) {
  ComparisonRows rows(comparison.jobs);
  add_job_rows(rows, comparison.jobs);
  for (const ComparedGoal& goal : comparison.goals) add_goal_rows(rows, goal, comparison.jobs);
  std::string text = format_text_table(rows.rows(), {});
  text += regression_lines(comparison) + unclean_lines(comparison);
  if (comparison.goals.empty()) text += "no job has a result to compare\n";
  return text;
}

}  // namespace trexsearch::cli
