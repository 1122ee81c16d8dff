#include "daemon/cli/text/progress_line.hpp"

#include <array>
#include <cstdio>

#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/trial_notes_text.hpp"
#include "daemon/cli/text/trial_text.hpp"

namespace trexsearch::cli {
namespace {

std::string format(const char* pattern, double value) {
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), pattern, value);
  return text.data();
}

std::string bound(const std::optional<double>& load_pps) {
  return load_pps ? format("%.1f", *load_pps) : "-";
}

}  // namespace

std::string format_progress_line(const mlr::TrialRecord& trial,
                                 std::span<const mlr::GoalProgress> progress,
                                 const std::vector<std::string>& goal_labels) {
  const measure::TrialResult& result = trial.result;
  const double loss_percent = result.loss_ratio() * 100.0;
  // Fixed two decimals hide PDR-sized losses (0.005 % and less); those get digits.
  const char* loss_pattern = loss_percent == 0.0 || loss_percent >= 0.01 ? "%.2f" : "%.2g";
  std::string line = "trial " + std::to_string(trial.number) + " [" +
                     std::string(mlr::to_string(trial.phase)) + "] load " +
                     format("%.1f", result.intended_load_pps()) + " pps, " +
                     format("%g", result.intended_duration().count()) + " s: loss " +
                     format(loss_pattern, loss_percent) + " %";
  // The same markers and notes as `watch`: a tester-limited or repeated trial must
  // not look like any other.
  const protocol::TrialRecord record = protocol::trial_record_of(result);
  const std::vector<std::string> markers = trial_markers(record);
  for (std::size_t i = 0; i < markers.size(); ++i) line += (i == 0 ? "  " : ", ") + markers[i];
  for (std::size_t i = 0; i < progress.size(); ++i) {
    const mlr::GoalProgress& goal = progress[i];
    line += "; " + (i < goal_labels.size() ? goal_labels[i] : "goal " + std::to_string(i + 1));
    line += " [" + bound(goal.lower_bound_pps) + ", " + bound(goal.upper_bound_pps) + "]";
    if (goal.done) {
      line += " done";
    } else if (goal.target_depth > 0) {
      line += " (preceding target " + std::to_string(goal.target_depth) + ")";
    }
  }
  for (const std::string& detail : trial_detail_lines(record)) line += "\n" + detail;
  return terminal_safe_lines(line);
}

}  // namespace trexsearch::cli
