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

/// Progress -> `{"trial_count", "last_trial": {...} | null, "goals": [{"label",
/// "lower_bound", "upper_bound", "target_depth", "done"}]}`; loads in frames/s.
Json::Value encode_progress(const JobProgress& progress);

/// One stored trial with the measurer's full outcome (docs/socket-api.md).
Json::Value encode_stored_trial(const StoredTrial& stored);

/// The `watch` trial event: `{"job", "trial", "phase", "load", "duration",
/// "loss_ratio", "measured_loss_ratio", "notes", "directions",
/// "tester_limited_pps"?, "counters"?, "goals": [...]}`.
Json::Value encode_trial_event(JobId job, const JobProgress& progress);

/// Per-goal bounds of a job that is not running, from its stored trials:
/// `[{"label", "lower_bound", "upper_bound", "regular", "irregular_reason",
/// "tester_limited": null | {"trials", "reached_pps"}, "clean"}]`.
Json::Value encode_bounds(const std::vector<mlr::GoalResult>& goals);

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
