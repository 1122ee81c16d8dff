#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "daemon/cli/analysis/export_filter.hpp"
#include "daemon/cli/replies/job_values.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::cli {

class ControlConnection;

// Gathering stored jobs and their results over the socket's `list`, `show` and
// `result` requests: the socket's JobSource (socket_job_source.hpp) for `export`,
// `compare` and `trend`, so the daemon needs no request of its own for them. Every
// reply is read through its protocol codec.

/// The daemon's largest `list` limit (docs/socket-api.md).
inline constexpr int kListLimit = 10000;

/// The jobs that pass `filter`, oldest first. `list` filters by one state only, so
/// the rest is applied here; a full page of `list_limit` means there may be older
/// jobs, which are then fetched one id at a time with `show`.
std::vector<protocol::JobSummary> matching_jobs(ControlConnection& connection,
                                                const ExportFilter& filter,
                                                int list_limit = kListLimit);

/// A job's values from its `result` reply, or for a job without a result
/// (`conflict`) from its job object alone (`show`); nullopt when the job does not
/// exist (deleted meanwhile). Other refusals throw DaemonRefused.
std::optional<JobValues> stored_job_values(ControlConnection& connection, std::int64_t job);

}  // namespace trexsearch::cli
