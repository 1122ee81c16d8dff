#pragma once

#include <string>
#include <vector>

#include "daemon/cli/analysis/trend_series.hpp"

namespace trexsearch::cli {

/// `trend` for people: per series a table of the jobs (id, created, state, value,
/// group or why not grouped), the groups with their averages and verdicts, and a
/// verdict line. Every piece from the store is terminal-safe.
std::string format_trend(const std::string& name, const std::vector<TrendSeries>& series);

/// Whether any series' newest group is a regression (exit code 6).
bool trend_regressed(const std::vector<TrendSeries>& series);

}  // namespace trexsearch::cli
