#pragma once

#include <json/value.h>

#include <string>

#include "daemon/cli/analysis/job_comparison.hpp"

namespace trexsearch::cli {

/// `compare --json` (docs/trend.md "compare --json"): the comparison's typed values
/// as a document of its own.
Json::Value encode_comparison(const Comparison& comparison);
/// That document as `compare --json` prints it (pretty, a newline at the end).
std::string comparison_json(const Comparison& comparison);

}  // namespace trexsearch::cli
