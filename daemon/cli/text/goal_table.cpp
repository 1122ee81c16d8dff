#include "daemon/cli/text/goal_table.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>

#include "daemon/cli/text/tester_limit_text.hpp"

namespace trexsearch::cli {
namespace {

constexpr std::size_t kColumns = 5;
using Row = std::array<std::string, kColumns>;

std::string format_load(const std::optional<double>& load_pps) {
  if (!load_pps) return "-";
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), "%.1f", *load_pps);
  return text.data();
}

}  // namespace

std::string format_goal_table(const std::vector<mlr::GoalResult>& results) {
  std::vector<Row> rows;
  rows.push_back(
      {"goal", "lower bound [pps]", "upper bound [pps]", "cond. throughput [pps]", "result"});
  for (const auto& result : results) {
    std::string verdict =
        result.tester_limit ? tester_limited_verdict(result.tester_limit->reached_pps) : "";
    if (!result.regular()) {
      verdict += (verdict.empty() ? "" : ", ") + std::string("irregular: ") +
                 std::string(mlr::to_string(result.irregularity));
    } else if (verdict.empty()) {
      verdict = "regular";
    }
    rows.push_back({result.label, format_load(result.relevant_lower_bound_pps),
                    format_load(result.relevant_upper_bound_pps),
                    format_load(result.conditional_throughput_pps), verdict});
  }
  std::array<std::size_t, kColumns> widths{};
  for (const Row& row : rows) {
    for (std::size_t i = 0; i < kColumns; ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  std::string table;
  for (const Row& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < kColumns; ++i) {
      // Names and verdicts read left-aligned, numbers right-aligned.
      const bool numeric = i >= 1 && i <= 3;
      const std::string pad(widths[i] - row[i].size(), ' ');
      if (i > 0) line += "  ";
      line += numeric ? pad + row[i] : row[i] + (i + 1 < kColumns ? pad : "");
    }
    table += line + "\n";
  }
  // The reasons are sentences; they go under the table rather than in it.
  for (const auto& result : results) {
    if (result.tester_limit) {
      table +=
          tester_limited_sentence(result.label, result.relevant_upper_bound_pps,
                                  result.tester_limit->trials, result.tester_limit->reached_pps) +
          "\n";
    }
    if (!result.regular()) table += result.label + ": " + result.irregular_reason + "\n";
  }
  return table;
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
