#pragma once

#include <json/value.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "daemon/cli/export_filter.hpp"

namespace trexsearch::cli {

class ControlConnection;

// Gathering stored jobs and their results over the socket's `list`, `show` and
// `result` requests: shared by `export`, `compare` and `trend`, so the daemon
// needs no request of its own for them.

/// The daemon's largest `list` limit (docs/socket-api.md).
inline constexpr int kListLimit = 10000;

/// The `list` job objects that pass `filter`, oldest first. `list` filters by one
/// state only, so the rest is applied here; a full page of `list_limit` means there
/// may be older jobs, which are then fetched one id at a time with `show`.
std::vector<Json::Value> matching_jobs(ControlConnection& connection, const ExportFilter& filter,
                                       int list_limit = kListLimit);

/// A job's `result` reply arguments ({"job", "result", "line_rate"}), or for a job
/// without a result (`conflict`) `{"job": JOB}` from `show`; nullopt when the job
/// does not exist (deleted meanwhile). Other refusals throw DaemonRefused.
std::optional<Json::Value> job_with_result(ControlConnection& connection, std::int64_t job);

}  // namespace trexsearch::cli
