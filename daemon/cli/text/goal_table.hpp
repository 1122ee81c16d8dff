#pragma once

#include <string>
#include <vector>

#include "search/goal_result.hpp"
#include "search/search_result.hpp"

namespace trexsearch::cli {

/// The goal results as an aligned text table for humans: goal, relevant lower bound,
/// relevant upper bound, conditional throughput [frames/s], and "regular",
/// "TESTER-LIMITED (tester reached N pps)" and/or "irregular: <reason>", with the
/// sentences that explain them under the table. Absent values show as "-".
std::string format_goal_table(const std::vector<mlr::GoalResult>& results);

/// One paragraph for humans: trials, total trial time, search time, how it ended.
std::string format_search_summary(const mlr::SearchResult& result);

}  // namespace trexsearch::cli
