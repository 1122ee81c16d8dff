#pragma once

#include <json/value.h>

#include <string>
#include <vector>

#include "daemon/cli/analysis/trend_series.hpp"

namespace trexsearch::cli {

/// `trend --json` (docs/trend.md "trend --json"): the series' typed values as a
/// document of its own.
Json::Value encode_trend(const std::string& name, const std::vector<TrendSeries>& series);
/// That document as `trend --json` prints it (pretty, a newline at the end).
std::string trend_json(const std::string& name, const std::vector<TrendSeries>& series);

}  // namespace trexsearch::cli
