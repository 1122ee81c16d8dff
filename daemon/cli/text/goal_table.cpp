#include "daemon/cli/text/goal_table.hpp"

#include <array>
#include <cstdio>
#include <optional>

#include "daemon/cli/text/tester_limit_text.hpp"
#include "daemon/cli/text/text_table.hpp"

namespace trexsearch::cli {
namespace {

std::string format_load(const std::optional<double>& load_pps) {
  if (!load_pps) return "-";
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), "%.1f", *load_pps);
  return text.data();
}

/// The result column: regular, or what made the goal irregular, and whether the
/// tester was the limit.
std::string goal_verdict(const mlr::GoalResult& result) {
  std::string verdict =
      result.tester_limit ? tester_limited_verdict(result.tester_limit->reached_pps) : "";
  if (!result.regular()) {
    verdict += (verdict.empty() ? "" : ", ") + std::string("irregular: ") +
               std::string(mlr::to_string(result.irregularity));
  } else if (verdict.empty()) {
    verdict = "regular";
  }
  return verdict;
}

/// The reasons are sentences; they go under the table rather than in it.
std::string goal_reasons(const std::vector<mlr::GoalResult>& results) {
  std::string reasons;
  for (const auto& result : results) {
    if (result.tester_limit) {
      reasons +=
          tester_limited_sentence(result.label, result.relevant_upper_bound_pps,
                                  result.tester_limit->trials, result.tester_limit->reached_pps) +
          "\n";
    }
    if (!result.regular()) reasons += result.label + ": " + result.irregular_reason + "\n";
  }
  return reasons;
}

}  // namespace

std::string format_goal_table(const std::vector<mlr::GoalResult>& results) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back(
      {"goal", "lower bound [pps]", "upper bound [pps]", "cond. throughput [pps]", "result"});
  for (const auto& result : results) {
    rows.push_back({result.label, format_load(result.relevant_lower_bound_pps),
                    format_load(result.relevant_upper_bound_pps),
                    format_load(result.conditional_throughput_pps), goal_verdict(result)});
  }
  // Names and verdicts read left-aligned, numbers right-aligned.
  return format_text_table(rows, {false, true, true, true, false}) + goal_reasons(results);
}

std::string format_search_summary(const mlr::SearchResult& result) {
  char line[256];
  std::snprintf(line, sizeof line, "%zu trials, %.1f s of trial time, search took %.1f s; ",
                result.trials.size(), result.trial_duration_sum().count(),
                result.search_duration.count());
  std::string summary = line;
  summary += result.stop_reason == mlr::StopReason::completed
                 ? "completed"
                 : "stopped early (" + std::string(mlr::to_string(result.stop_reason)) + ")" +
                       (result.stop_detail.empty() ? "" : ": " + result.stop_detail);
  return summary + "\n\n";
}

}  // namespace trexsearch::cli
