#pragma once

#include <json/value.h>

#include <optional>
#include <string>
#include <vector>

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

}  // namespace trexsearch::cli
