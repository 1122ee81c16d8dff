#pragma once

#include <json/value.h>

#include <vector>

#include "daemon/jobs/job_control.hpp"
#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/model/trex_link.hpp"
#include "daemon/protocol/replies/job_progress.hpp"
#include "search/goal_result.hpp"

namespace trexsearch::service {

/// Job record -> `{"id", "name", "method", "measurer", "state", "reason", "created_at",
/// "started_at", "finished_at", "run_count", "trial_count", "submitted_by", "profile",
/// "daemon_version", "trex_version"}`; times as ISO 8601 UTC strings or null.
Json::Value encode_job_record(const JobRecord& record);

/// Progress -> the protocol's `progress` (protocol::encode_job_progress), for `status`.
Json::Value encode_progress(const JobProgress& progress);

}  // namespace trexsearch::service
