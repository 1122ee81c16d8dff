#pragma once

#include <string>
#include <vector>

#include "daemon/cli/analysis/trend_scopes.hpp"
#include "daemon/cli/analysis/trend_series.hpp"

namespace trexsearch::cli {

/// `trend` for people: per series a table of the jobs (id, created, state, value,
/// group or why not grouped), the groups with their averages and verdicts, and a
/// verdict line. Every piece from the store is terminal-safe.
std::string format_trend(const std::string& name, const std::vector<TrendSeries>& series);

/// `trend --db`: each scope's trend as format_trend gives it, its header naming the
/// tester and testbed, then one line for the fleet: how many series, and which
/// testers' (and testbeds') series end in a regression.
std::string format_fleet_trend(const std::string& name, const std::vector<ScopedTrend>& trends);

/// Whether any series' newest group is a regression (exit code 6).
bool trend_regressed(const std::vector<TrendSeries>& series);

}  // namespace trexsearch::cli
