#pragma once

#include <json/value.h>

#include <string>

namespace trexsearch::cli {

/// Human-readable forms of trex-searchd's replies (docs/socket-api.md shapes).
/// Loads in frames/s with one decimal; absent values as "-".

/// `status`: daemon, TRex, running job with its bounds, queue, clients.
std::string format_status(const Json::Value& status);
/// `list`: one row per job: id, state, method, measurer, trials, created, name.
std::string format_job_list(const Json::Value& jobs);
/// `show`: the job, its progress or bounds, and (when present) its trials.
std::string format_job(const Json::Value& show);
/// `result`: how the search ended and the per-goal table.
std::string format_result(const Json::Value& result);
/// One `watch` event as a progress line (no newline): trial number, phase, load,
/// loss, each goal's bounds, search time.
std::string format_watch_event(const Json::Value& event);

/// The JSON value as "1234567.8" (or "-" when null).
std::string format_load(const Json::Value& load);

}  // namespace trexsearch::cli
