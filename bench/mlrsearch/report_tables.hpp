#pragma once

#include <ostream>
#include <vector>

#include "bench/mlrsearch/search_runs.hpp"

namespace trexsearch::bench {

/// One Markdown row per run and goal: bounds, conditional throughput, error vs truth, cost.
void print_details(std::ostream& out, const std::vector<CaseRuns>& runs);

/// Per model: trials and trial seconds of each search, and the ratio of the
/// RFC 2544 MLRsearch's trial time to the binary search's (Markdown table).
void print_cost_summary(std::ostream& out, const std::vector<CaseRuns>& runs);

/// Per model and goal: how many results were regular, how many within one goal
/// width of the truth, mean and worst relative error (Markdown table).
void print_accuracy_summary(std::ostream& out, const std::vector<CaseRuns>& runs);

}  // namespace trexsearch::bench
