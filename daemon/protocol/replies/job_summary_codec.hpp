#pragma once

#include <json/value.h>

#include <string>

#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::protocol {

/// The `JOB` object: `{"id", "name", "method", "measurer", "state", "reason",
/// "created_at", "started_at", "finished_at", "run_count", "trial_count",
/// "submitted_by", "profile", "daemon_version", "trex_version"}` (times null when
/// not yet), and back; `path` names it in errors.
Json::Value encode_job_summary(const JobSummary& job);
JobSummary decode_job_summary(const Json::Value& json, const std::string& path);

/// A suite's head: `{"id", "name", "created_at", "submitted_by", "job_count"}`.
Json::Value encode_suite_summary(const SuiteSummary& suite);
SuiteSummary decode_suite_summary(const Json::Value& json, const std::string& path);

}  // namespace trexsearch::protocol
