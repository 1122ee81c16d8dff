#pragma once

#include <json/value.h>

#include <optional>
#include <string>
#include <vector>

#include "daemon/cli/analysis/trend_scopes.hpp"
#include "daemon/cli/analysis/trend_series.hpp"

namespace trexsearch::cli {

/// `trend --json` (docs/trend.md "trend --json"): the series' typed values as a
/// document of its own; `testbed` the one whose results it compares (null: jobs on
/// no testbed, or every testbed with --any-testbed, then `any_testbed` is true).
Json::Value encode_trend(const std::string& name, const std::vector<TrendSeries>& series,
                         const std::optional<std::string>& testbed = std::nullopt,
                         bool any_testbed = false);
/// That document as `trend --json` prints it (pretty, a newline at the end).
std::string trend_json(const std::string& name, const std::vector<TrendSeries>& series,
                       const std::optional<std::string>& testbed = std::nullopt,
                       bool any_testbed = false);

/// `trend --db --json` (docs/fleet.md): the same document with every scope's series in
/// `series`, each also naming its "tester", "testbed" (null: jobs on no testbed, or
/// with --any-testbed) and whether it is a "regression"; at the top "fleet": true and
/// the --tester and --testbed asked for (null: all).
Json::Value encode_fleet_trend(const std::string& name, const std::vector<ScopedTrend>& trends,
                               const std::optional<std::string>& tester,
                               const std::optional<std::string>& testbed, bool any_testbed);
/// That document as `trend --db --json` prints it.
std::string fleet_trend_json(const std::string& name, const std::vector<ScopedTrend>& trends,
                             const std::optional<std::string>& tester,
                             const std::optional<std::string>& testbed, bool any_testbed);

}  // namespace trexsearch::cli
