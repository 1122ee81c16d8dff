#pragma once

#include <json/value.h>

#include "daemon/cli/job_values.hpp"

namespace trexsearch::cli {

// A job's `result` reply (or its job object alone) as JSON, read through the
// protocol's codecs: for the suite codec, whose `show_suite` reply carries one per
// job, and for tests.

/// A `result` reply's arguments ({"job", "result", "line_rate"}) through
/// protocol::ResultReply, or for a job without a result {"job"} alone through its
/// JobSummary. Throws ConfigError naming a missing or mistyped field.
JobValues decode_job_values(const Json::Value& arguments);

}  // namespace trexsearch::cli
