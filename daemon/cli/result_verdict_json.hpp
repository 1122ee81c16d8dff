#pragma once

#include <json/value.h>

namespace trexsearch::cli {

// The result verdicts on a result document as JSON, for job_values (compare,
// trend, export), which still reads stored results as JSON. result_format.hpp has
// the typed ones, which `result`, `watch` and `show` use; these go when job_values
// reads protocol::ResultDocument (issue #15).

/// True for an MLR result whose search did not complete (`goals` and a
/// `stop_reason` other than "completed").
bool result_stopped_early(const Json::Value& search_result);

/// True when `tester_limited` says so, or (MLR) a goal's upper bound is tester-limited.
bool result_not_clean(const Json::Value& search_result);

}  // namespace trexsearch::cli
