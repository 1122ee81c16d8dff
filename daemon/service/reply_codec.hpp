#pragma once

#include <json/value.h>

#include <vector>

#include "daemon/service/job_control.hpp"
#include "daemon/service/job_progress.hpp"
#include "daemon/service/job_record.hpp"
#include "daemon/service/trex_link.hpp"
#include "search/goal_result.hpp"

namespace trexsearch::service {

/// Job record -> `{"id", "name", "method", "measurer", "state", "reason", "created_at",
/// "started_at", "finished_at", "run_count", "trial_count", "submitted_by", "profile",
/// "daemon_version", "trex_version"}`; times as ISO 8601 UTC strings or null.
Json::Value encode_job_record(const JobRecord& record);

/// Progress -> the protocol's `progress` (protocol::encode_job_progress), for `status`.
Json::Value encode_progress(const JobProgress& progress);

/// The `status` queue part: `{"running": {...} | null, "queued": [ids], "queued_count",
/// "max_queued"}`.
Json::Value encode_queue_status(const QueueStatus& status);

/// The `status` TRex part: `{"state", "connected", "endpoint", "since",
/// "trex_version"?, "last_contact"?, "last_error"?, "recoveries"}`.
Json::Value encode_trex_link(const TrexLinkSnapshot& link);
/// `{"state": "not_configured", "connected": false}`: a daemon without TRex jobs.
Json::Value encode_trex_not_configured();

/// The `status` store part: `{"file", "bytes", "max_bytes", "writable",
/// "last_error"?, "last_error_at"?}`.
Json::Value encode_store_health(const StoreHealth& store);

}  // namespace trexsearch::service
