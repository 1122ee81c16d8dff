#pragma once

#include <json/value.h>

#include <vector>

#include "daemon/protocol/document.hpp"
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
/// The same as a document (`status` carries it as it is).
protocol::Document progress_document(const JobProgress& progress);

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

}  // namespace trexsearch::service
