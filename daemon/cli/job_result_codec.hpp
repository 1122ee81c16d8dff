#pragma once

#include <json/value.h>

#include "daemon/cli/job_values.hpp"

namespace trexsearch::cli {

// What job_listing's job_with_result gives as JSON, read through the protocol's
// codecs for compare, trend and suites: the commands format typed values only.

/// A `result` reply's arguments ({"job", "result", "line_rate"}) through
/// protocol::ResultReply, or for a job without a result {"job"} alone through its
/// JobSummary. Throws ConfigError naming a missing or mistyped field.
JobValues decode_job_values(const Json::Value& arguments);

/// A `list` job object (job_listing's matching_jobs) through protocol::JobSummary.
protocol::JobSummary decode_job(const Json::Value& job);

}  // namespace trexsearch::cli
