#pragma once

#include <json/value.h>

#include "daemon/service/job_control.hpp"

namespace trexsearch::service {

// The suite commands' JSON (docs/socket-api.md `submit_suite`, `show_suite`,
// `list_suites`).

/// `{"suite", "name", "jobs": [ids], "queue_position"}`.
Json::Value encode_suite_receipt(const SuiteReceipt& receipt);

/// `{"suite": {"id", "name", "created_at", "submitted_by", "job_count"},
///   "entries": [{"position", "label", "frame_size", "repeat", "job": {job record},
///                "result": {...} | null, "line_rate": {...} | null}]}`; a
/// fixed-load result leaves its `trials` out (`show JOB` lists them).
Json::Value encode_suite_details(const SuiteDetails& details);

/// `[{"id", "name", "created_at", "submitted_by", "job_count"}]`.
Json::Value encode_suite_list(const std::vector<SuiteRecord>& suites);

}  // namespace trexsearch::service
